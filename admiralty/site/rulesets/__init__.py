"""The site parts of each bundled rule system, one folder each (``pages.py`` holds its ``RENDERER``)."""
