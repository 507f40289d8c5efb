"""The course site generator: MkDocs hooks that turn stage statements, results JSON and student reports into pages."""
