"""Reads what the student build needs from the course's root pom.xml: its modules and its pinned versions."""

import xml.etree.ElementTree as ET
from pathlib import Path

from student_repo.errors import PublishError

NS = {"m": "http://maven.apache.org/POM/4.0.0"}


class RootPom:
    def __init__(self, path: Path):
        try:
            self._root = ET.parse(path).getroot()
        except (OSError, ET.ParseError) as e:
            raise PublishError(f"cannot read the course's root pom {path}: {e}") from e
        self.path = path

    def modules(self) -> list[str]:
        return [m.text.strip() for m in self._root.findall("m:modules/m:module", NS) if m.text]

    def placeholders(self) -> dict[str, str]:
        """{{property:NAME}} for every property, {{plugin:ARTIFACT}} for every managed plugin's version,
        {{project:groupId|artifactId|version}} for the coordinates the modules' <parent> points at."""
        values = {}
        for prop in self._root.findall("m:properties/*", NS):
            name = prop.tag.split("}", 1)[1]
            values[f"property:{name}"] = (prop.text or "").strip()
        for plugin in self._root.findall("m:build/m:pluginManagement/m:plugins/m:plugin", NS):
            artifact = plugin.findtext("m:artifactId", namespaces=NS)
            version = plugin.findtext("m:version", namespaces=NS)
            if artifact and version:
                values[f"plugin:{artifact.strip()}"] = version.strip()
        for field in ("groupId", "artifactId", "version"):
            text = self._root.findtext(f"m:{field}", namespaces=NS)
            if not text:
                raise PublishError(f"{self.path} has no <{field}>")
            values[f"project:{field}"] = text.strip()
        return values
