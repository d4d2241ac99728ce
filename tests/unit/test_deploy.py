"""The deploy files start as written.

No container engine runs on the build machine, so each file is checked the way
its tool would read it: the compose file against the Compose Specification's JSON
schema, the Kubernetes manifest against the bundled schemas of pinned Kubernetes
versions; then, for every process either file starts, the environment it would get
(image ENV, compose environment or Kubernetes envFrom) goes through our real
``load_settings`` and the start-up check of its role (``hop admin``, ``hop edge``,
``hop worker``, ``hop migrate``). The secrets the operator supplies are stood in
for the way the files' own instructions generate them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import get_args

import jsonschema
import kubernetes_validate
import pytest

from common.roles import Role, require
from common.settings import SettingsError, load_settings
from tests.support.deploy import (
    COMPOSE,
    Image,
    MissingVariable,
    Process,
    build_context_copies,
    compose_document,
    compose_processes,
    compose_references,
    documented_secret,
    header_comment,
    kubernetes_documents,
    kubernetes_processes,
    random_key,
    read_image,
)
from tests.support.processes import ROOT

COMPOSE_SCHEMA = Path(__file__).resolve().parents[1] / "support/compose_spec/compose-spec.json"
# The oldest Kubernetes the manifest is meant for, and the newest the validator knows.
KUBERNETES_VERSIONS = ("1.30.0", "1.37.0")
ROLES: tuple[Role, ...] = get_args(Role)


def _starts(process: Process) -> Role:
    """Run the checks the process's own command runs before it serves."""
    assert process.argv[:1] == ["hop"], f"{process.where}: runs {process.argv}, not `hop`"
    role = process.argv[1] if len(process.argv) > 1 else ""
    assert role in ROLES, f"{process.where}: `hop {role}` is not a Hop process"
    hop_environ = {k: v for k, v in process.environ.items() if k.startswith("HOP_")}
    settings = load_settings(hop_environ)
    require(settings, role)
    return role


@pytest.fixture(scope="module")
def image() -> Image:
    return read_image()


def _compose_operator_environ() -> dict[str, str]:
    """A stand-in for every variable the compose file requires (``${NAME:?...}``)."""
    text = COMPOSE.read_text()
    required = {name for name, op in compose_references(text) if op and op.endswith("?")}
    return {name: random_key() for name in sorted(required)}


def test_the_image_runs_hop(image: Image) -> None:
    assert image.entrypoint == ["hop"]
    assert "HOP_ADMIN_LISTEN" in image.environ


def test_compose_file_matches_the_compose_schema() -> None:
    document = compose_document(_compose_operator_environ())
    schema = json.loads(COMPOSE_SCHEMA.read_text())
    # The schema declares draft 2019-09 with a trailing '#' jsonschema doesn't recognise.
    assert schema["$schema"].startswith("http://json-schema.org/draft/2019-09/schema")
    jsonschema.Draft201909Validator.check_schema(schema)
    errors = [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in jsonschema.Draft201909Validator(schema).iter_errors(document)
    ]
    assert errors == []
    for service in document["services"].values():
        if build := service.get("build"):
            assert (COMPOSE.parent / build["context"] / build["dockerfile"]).is_file()


def test_compose_processes_start(image: Image) -> None:
    operator = _compose_operator_environ()
    instructions = header_comment(COMPOSE)
    assert [name for name in operator if name not in instructions] == []
    processes = compose_processes(compose_document(operator), image)
    assert {_starts(process) for process in processes} == set(ROLES)


def test_compose_refuses_to_start_without_the_operator_secrets() -> None:
    """Required secrets have no default: compose stops with the message, not the process
    with a weaker one (or, worse, starts with an empty key)."""
    operator = _compose_operator_environ()
    assert {"HOP_JWT_SECRET", "HOP_WEBHOOK_SECRET_KEY"} <= set(operator)
    for name in operator:
        with pytest.raises(MissingVariable, match=name):
            compose_document({k: v for k, v in operator.items() if k != name})


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_kubernetes_manifest_matches_the_kubernetes_schema(version: str) -> None:
    for document in kubernetes_documents():
        kubernetes_validate.validate(document, version, strict=True)


def test_kubernetes_manifest_ships_no_secret_values() -> None:
    assert [d["metadata"]["name"] for d in kubernetes_documents() if d["kind"] == "Secret"] == []


def test_kubernetes_processes_start(image: Image) -> None:
    operator = {"hop": documented_secret()}
    processes = kubernetes_processes(kubernetes_documents(), image, operator)
    assert {_starts(process) for process in processes} == set(ROLES)


@pytest.mark.parametrize("name", sorted(documented_secret()))
def test_each_documented_secret_is_needed(image: Image, name: str) -> None:
    """Without any one variable of the documented Secret some process refuses to start:
    the check above can fail, and the instructions ask for nothing superfluous."""
    secret = {k: v for k, v in documented_secret().items() if k != name}
    processes = kubernetes_processes(kubernetes_documents(), image, {"hop": secret})
    refused = []
    for process in processes:
        try:
            _starts(process)
        except SettingsError as exc:
            refused.append(str(exc))
    assert any(message.startswith(f"{name}: required") for message in refused)


def test_the_image_ships_the_reference_assets(tmp_path: Path) -> None:
    """The Dockerfile copies the build context it lists and runs `pip install .`: the
    wheel built from exactly that holds the vendored API reference and its licence."""
    context = tmp_path / "app"
    for sources, dest in build_context_copies():
        for source in sources:
            origin = ROOT / source
            target = context / dest / origin.name if dest.endswith("/") else context / dest
            if origin.is_dir():
                shutil.copytree(origin, target, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(origin, target)
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            ".",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheels),
        ],
        cwd=context,
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = wheels.glob("hop-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {
        "admin/http/static/scalar/standalone.js",
        "admin/http/static/scalar/LICENSE",
        "admin/db/schema.sql",
    } <= names
