"""The variant file: its schema, safe YAML reading, layering, checks, the shipped files.

``spec`` turns YAML into a validated, frozen :class:`~rummy_rules.spec.schema.VariantSpec`
and reports every problem located by file, line and column. It knows nothing
of how the rules are played (it imports nothing from the engine). Its modules
are imported on use, so that the command line starts quickly.
"""
