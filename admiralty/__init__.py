"""admiralty: write, check, play-test and publish naval wargame scenarios."""

__version__ = "0.1.0"
