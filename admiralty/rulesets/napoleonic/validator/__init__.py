"""The napoleonic rule system's validator side: the builder (``build``) and the semantic checks (``checks``)."""
