"""The dreadnought rule system's site part: scenario pages, sheets, reference pages (``pages.RENDERER``)."""
