"""A minimal fourth rule system for admiralty, shipped as its own distribution (the plug-in test)."""
