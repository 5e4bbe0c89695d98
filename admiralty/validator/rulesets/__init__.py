"""The validator side of each bundled rule system, one folder each: its builder (``build``) and its checks."""
