"""One build of the site's generated part: which pages and files to add, and the navigation around them."""

import re
from dataclasses import dataclass, field
from pathlib import Path

from .catalog import Catalog, Sources, load_catalog
from .pages.comparison_page import comparison_page, comparison_src
from .pages.index_pages import INDEX_SRC, reports_index, stage_page
from .pages.report_page import report_page, report_src

STAGES_MARKER = "<!-- course:stages -->"
# Generated tables and charts are whole lines of HTML. They are set aside before Markdown and search indexing see
# the page and put back into the finished HTML: neither needs them, and both are slow on large raw HTML.
BLOB_LINE = re.compile(r'^(?:<table[ >].*</table>|<div class="course-figure(?: [^"]*)?">.*</div>)$', re.MULTILINE)
BLOB_MARK = re.compile(r"<!-- course-blob (\d+) -->")


@dataclass
class Generated:
    catalog: Catalog
    pages: dict = field(default_factory=dict)  # src_uri -> markdown
    files: dict = field(default_factory=dict)  # src_uri -> source file to copy
    blobs: list = field(default_factory=list)  # HTML set aside, by the number in its placeholder

    def set_aside(self, markdown: str) -> str:
        def replace(match):
            self.blobs.append(match.group(0))
            return f"<!-- course-blob {len(self.blobs) - 1} -->"

        return BLOB_LINE.sub(replace, markdown)

    def put_back(self, html: str) -> str:
        return BLOB_MARK.sub(lambda m: self.blobs[int(m.group(1))], html)

    def stage_nav(self) -> list:
        return [
            {s.title if s.title.lower().startswith("stage") else f"{s.number}. {s.title}": s.page}
            for s in self.catalog.stages
        ]

    def results_nav(self) -> list:
        nav = [{"All reports": INDEX_SRC}]
        nav += [{f"Stage {n} comparison": comparison_src(n)} for n in self.catalog.stage_numbers()]
        return nav

    def stage_list(self) -> str:
        """Markdown list of the stages for the home page."""
        if not self.catalog.stages:
            return "*No stage statements yet.*"
        return "\n".join(
            f"{s.number}. [{s.title}]({s.page}) — [results]({comparison_src(s.number)})" for s in self.catalog.stages
        )


def sources_from_settings(settings: dict, base: Path) -> Sources:
    """Sources from mkdocs.yml's extra.course (paths relative to mkdocs.yml; empty means none)."""

    def path(key):
        value = settings.get(key)
        if not value:
            return None
        p = Path(str(value))
        return p if p.is_absolute() else base / p

    return Sources(
        stages=path("stages"),
        reports=path("reports"),
        results=path("results"),
        free_form=path("free_form"),
        imported=path("imported"),
    )


def generate(sources: Sources) -> Generated:
    catalog = load_catalog(sources)
    out = Generated(catalog)
    for stage in catalog.stages:
        text, files = stage_page(stage, catalog)
        out.pages[stage.page] = text
        out.files.update(files)
    for report in catalog.reports:
        text, files = report_page(report, catalog)
        out.pages[report_src(report)] = text
        out.files.update(files)
    for number in catalog.stage_numbers():
        out.pages[comparison_src(number)] = comparison_page(number, catalog)
    out.pages[INDEX_SRC] = reports_index(catalog)
    out.pages = {src: out.set_aside(text) for src, text in out.pages.items()}
    return out
