"""Fills the templates of publish/student/: {{name}} placeholders, every one of which must have a value."""

import re

from student_repo.errors import PublishError

PLACEHOLDER = re.compile(r"\{\{([A-Za-z0-9_.:-]+)\}\}")


def fill(template: str, values: dict[str, str], name: str) -> str:
    missing = sorted({m.group(1) for m in PLACEHOLDER.finditer(template)} - values.keys())
    if missing:
        raise PublishError(
            f"template {name} uses {', '.join('{{' + k + '}}' for k in missing)} but the course "
            f"has no value for it (properties and plugin versions come from the root pom.xml)"
        )
    return PLACEHOLDER.sub(lambda m: values[m.group(1)], template)
