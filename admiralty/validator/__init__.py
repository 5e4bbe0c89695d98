"""The validator: load, schema, build, checks, report (see DESIGN.md, "The pipeline")."""
