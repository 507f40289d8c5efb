"""MkDocs hooks (mkdocs.yml: hooks: [sitegen/hooks.py]): add the generated pages to every build."""

import sys
from pathlib import Path

from mkdocs.structure.files import File

# MkDocs loads this file by path; the package beside it must be importable.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sitegen.site import STAGES_MARKER, generate, sources_from_settings  # noqa: E402

_build = {}


def on_config(config):
    settings = (config.extra or {}).get("course") or {}
    sources = sources_from_settings(settings, Path(config.config_file_path).parent)
    generated = generate(sources)
    _build["generated"] = generated
    _build["sources"] = sources
    config.nav = [_expand(entry, generated) for entry in (config.nav or [])]
    return config


def _expand(entry, generated):
    """Nav entries named 'Stages' and 'Results' in mkdocs.yml are filled with the generated pages."""
    if isinstance(entry, dict) and len(entry) == 1:
        ((title, value),) = entry.items()
        if title == "Stages":
            return {title: generated.stage_nav() or [{"No stages yet": "index.md"}]}
        if title == "Results":
            return {title: generated.results_nav()}
    return entry


def on_serve(server, config, builder):
    """`mkdocs serve` rebuilds when a stage, report or result changes, not only docs/."""
    sources = _build["sources"]
    for folder in (sources.stages, sources.reports, sources.results, sources.free_form):
        if folder and folder.is_dir():
            server.watch(str(folder))
    return server


def on_files(files, config):
    generated = _build["generated"]
    for src_uri, content in generated.pages.items():
        _replace(files, File.generated(config, src_uri, content=content))
    for src_uri, source in generated.files.items():
        _replace(files, File.generated(config, src_uri, abs_src_path=str(source)))
    return files


def _replace(files, file):
    old = files.get_file_from_path(file.src_uri)
    if old is not None:
        files.remove(old)
    files.append(file)


def on_page_markdown(markdown, page, config, files):
    if STAGES_MARKER in markdown:
        return markdown.replace(STAGES_MARKER, _build["generated"].stage_list())
    return markdown


def on_post_page(output, page, config):
    return _build["generated"].put_back(output)
