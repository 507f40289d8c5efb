"""A stage.yml mistake reads the same from both stage registries: the cases of kit/command's stage-mistakes.yml,
which course.command.StageMistakesTest runs through the Java registry, expect the same message here (the file, the
field, the words), because both check stage.yml against the one stage.schema.json and word its errors alike."""

import shutil

import pytest
import yaml

from sitegen.catalog import Sources, load_catalog
from sitegen.paths import REPO_ROOT, stage_schema_path
from sitegen.stages import HOW_TO_FIX, StageFileError, registry

MISTAKES = yaml.safe_load(
    (REPO_ROOT / "kit/command/src/test/resources/course/command/stage-mistakes.yml").read_text(encoding="utf-8")
)


def write_stage(root, text: str):
    folder = root / "stages" / MISTAKES["folder"]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "README.md").write_text("# Stage 7 as its statement says\n", encoding="utf-8")
    (folder / "stage.yml").write_text(text, encoding="utf-8")
    return folder / "stage.yml"


def test_the_schema_is_kit_commands_resource_and_the_base_case_fits_it(tmp_path):
    assert stage_schema_path() == REPO_ROOT / "kit/command/src/main/resources/course/command/stage.schema.json"
    write_stage(tmp_path, MISTAKES["base"])
    seven = registry(tmp_path / "stages")[0]
    assert (seven.number, seven.title, seven.nodes) == (7, "Stage 7: something new", 5)
    assert [(w.name, w.seconds) for w in seven.standard_runs] == [("put", 7), ("get", 120)]
    assert [s.number for s in registry(REPO_ROOT / "stages")] == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("case", MISTAKES["cases"], ids=lambda c: f"{c['field']}: {c['with']!r}")
def test_a_mistake_names_the_file_the_field_and_what_to_do_as_the_java_registry_does(tmp_path, case):
    assert case["replace"] in MISTAKES["base"], case
    path = write_stage(tmp_path, MISTAKES["base"].replace(case["replace"], case["with"], 1))
    with pytest.raises(StageFileError) as refused:
        registry(tmp_path / "stages")
    field = f"field '{case['field']}': " if case["field"] else ""
    assert str(refused.value) == f"{path}: {field}{case['problem']} ({HOW_TO_FIX})"


def test_the_site_lists_every_mistake_and_builds_the_stage_from_the_rest(tmp_path):
    """The site builds anyway: a wrong standard run is left out, a wrong field too, a wrong identity leaves the
    title to README.md; each mistake is a problem naming the file and the field."""
    shutil.copytree(REPO_ROOT / "stages" / "1-sync-server", tmp_path / "stages" / "1-sync-server")
    write_stage(
        tmp_path, MISTAKES["base"].replace("rate: 900", "rate: fast").replace("nodes: 5", "nodes: 5\ncolour: x")
    )
    catalog = load_catalog(Sources(stages=tmp_path / "stages"))
    seven = catalog.stage(7)
    assert (seven.title, seven.nodes, [w.rate for w in seven.standard_runs]) == ("Stage 7: something new", 5, [700])
    messages = sorted(p.message for p in catalog.problems.items)
    assert messages == [
        "field 'colour': is not a field of stage.yml here; the fields are demo-note, endpoints, nodes, "
        "reference, replication, slug, stage, standard-workloads, title; the site leaves the field out",
        "field 'standard-workloads[1].rate': must be a whole number from 1 to 10000000, got 'fast'; "
        "the run is left out",
    ], messages
    second_run = MISTAKES["base"].splitlines()[-1]
    write_stage(tmp_path, MISTAKES["base"].replace(second_run, "  - just a word"))
    catalog = load_catalog(Sources(stages=tmp_path / "stages"))
    assert [w.rate for w in catalog.stage(7).standard_runs] == [700]
    assert [p.message for p in catalog.problems.items] == [
        "field 'standard-workloads[1]': must be a mapping like {name: get, rate: 5000, connections: 64, threads: 2, "
        "duration: 30s, keys: 100000, value-size: 100}, got 'just a word'; the run is left out"
    ]
    write_stage(tmp_path, MISTAKES["base"].replace("slug: something", "slug: other"))
    catalog = load_catalog(Sources(stages=tmp_path / "stages"))
    assert (catalog.stage(7).title, catalog.stage(7).nodes) == ("Stage 7 as its statement says", 1)
    assert [p.message for p in catalog.problems.items] == [
        "field 'slug': says 'other' but the folder is 7-something: make them agree; the title comes from README.md"
    ]
