"""Read deploy/ the way Docker, compose and Kubernetes would, without running them.

The build machine has no container engine, so the deploy test computes what each
process would be started with: the image's ENV and entry point from the
Dockerfile, the compose file after YAML anchors, merges and ``${VAR}``
interpolation, and each Kubernetes container's ``envFrom`` ConfigMaps and Secrets.
"""

from __future__ import annotations

import base64
import re
import secrets
import shlex
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from tests.support.processes import ROOT

DEPLOY = ROOT / "deploy"
DOCKERFILE = DEPLOY / "Dockerfile"
COMPOSE = DEPLOY / "compose.yaml"
KUBERNETES = DEPLOY / "k8s" / "hop.yaml"
KUBERNETES_FILES = tuple(sorted((DEPLOY / "k8s").glob("*.yaml")))
PROMETHEUS_ADAPTER = DEPLOY / "k8s" / "prometheus-adapter.yaml"
PROMETHEUS = DEPLOY / "prometheus" / "prometheus.yml"
GRAFANA_DASHBOARD = DEPLOY / "grafana" / "hop.json"


class Process(NamedTuple):
    where: str  # "compose service admin", "Deployment hop-edge/edge"
    argv: list[str]  # entry point + command, as the container runs it
    environ: dict[str, str]


class Image(NamedTuple):
    entrypoint: list[str]
    environ: dict[str, str]


def read_image(path: Path = DOCKERFILE) -> Image:
    """ENTRYPOINT and ENV of the Dockerfile's last stage (the image that ships)."""
    final_stage = re.split(r"(?m)^FROM\s", path.read_text())[-1]
    instructions = re.sub(r"\\\n", " ", final_stage).splitlines()
    environ: dict[str, str] = {}
    entrypoint: list[str] = []
    for line in instructions:
        keyword, _, rest = line.strip().partition(" ")
        if keyword.upper() == "ENV":
            for pair in shlex.split(rest):
                name, _, value = pair.partition("=")
                environ[name] = value
        elif keyword.upper() == "ENTRYPOINT":
            entrypoint = yaml.safe_load(rest)  # the exec form is a JSON array
    return Image(entrypoint, environ)


def header_comment(path: Path) -> str:
    """The comment lines a file starts with, without their ``#``."""
    lines = []
    for line in path.read_text().splitlines():
        if not line.startswith("#"):
            break
        lines.append(line[1:].removeprefix(" "))
    return "\n".join(lines)


def random_key(nbytes: int = 48) -> str:
    """What `openssl rand -base64 N` prints."""
    return base64.b64encode(secrets.token_bytes(nbytes)).decode()


# --- compose


class MissingVariable(Exception):
    """A ``${NAME:?message}`` whose variable is unset: compose refuses to start."""


_REFERENCE = re.compile(
    r"\$(?:(?P<escaped>\$)"
    r"|\{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)(?:(?P<op>:?[-?+])(?P<arg>[^}]*))?\}"
    r"|(?P<bare>[A-Za-z_][A-Za-z0-9_]*))"
)


def compose_references(text: str) -> Iterator[tuple[str, str | None]]:
    """Each ``(name, operator)`` the compose file interpolates."""
    for match in _REFERENCE.finditer(text):
        if name := match["braced"] or match["bare"]:
            yield name, match["op"]


def interpolate(value: Any, environ: Mapping[str, str]) -> Any:
    """Compose's ``$VAR``, ``${VAR}``, ``${VAR:-default}``, ``${VAR:?error}`` (and the
    forms without the colon), ``$$``, applied to every string in ``value``."""
    if isinstance(value, dict):
        return {key: interpolate(item, environ) for key, item in value.items()}
    if isinstance(value, list):
        return [interpolate(item, environ) for item in value]
    if not isinstance(value, str):
        return value

    def substitute(match: re.Match[str]) -> str:
        if match["escaped"]:
            return "$"
        name = match["braced"] or match["bare"]
        op, arg = match["op"] or "", match["arg"] or ""
        current = environ.get(name)
        unset = current is None or (op.startswith(":") and current == "")
        if op.endswith("-"):
            return arg if unset else str(current)
        if op.endswith("?"):
            if unset:
                raise MissingVariable(f"{name}: {arg}")
            return str(current)
        if op.endswith("+"):
            return "" if unset else arg
        return current or ""

    return _REFERENCE.sub(substitute, value)


def compose_document(environ: Mapping[str, str]) -> dict[str, Any]:
    """deploy/compose.yaml as compose sees it: anchors and merges resolved, interpolated."""
    loaded: dict[str, Any] = yaml.safe_load(COMPOSE.read_text())
    document: dict[str, Any] = interpolate(loaded, environ)
    return document


def _environment_mapping(raw: Any) -> dict[str, str]:
    if raw is None:
        return {}
    if isinstance(raw, list):  # ["NAME=value", "NAME"]
        pairs = (str(item).partition("=") for item in raw)
        return {name: value for name, sep, value in pairs if sep}
    # A null value passes the variable through from the host: unset here.
    return {str(name): _scalar(value) for name, value in raw.items() if value is not None}


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def compose_processes(document: Mapping[str, Any], image: Image) -> list[Process]:
    """One Process per service built from our image (PostgreSQL and Redis are not ours)."""
    processes = []
    for name, service in document["services"].items():
        if "build" not in service:
            continue
        command = service.get("command", [])
        command = shlex.split(command) if isinstance(command, str) else list(command)
        environ = {**image.environ, **_environment_mapping(service.get("environment"))}
        entrypoint = service.get("entrypoint", image.entrypoint)
        processes.append(Process(f"compose service {name}", [*entrypoint, *command], environ))
    return processes


# --- Kubernetes

WORKLOADS = {"Deployment", "Job", "StatefulSet", "DaemonSet", "CronJob"}


def kubernetes_documents(path: Path = KUBERNETES) -> list[dict[str, Any]]:
    return [document for document in yaml.safe_load_all(path.read_text()) if document]


def documented_secret() -> dict[str, str]:
    """The Secret the manifest's header tells the operator to create, as that command
    would create it (``$(openssl rand -base64 N)`` run, literal values kept)."""
    comment = header_comment(KUBERNETES)
    if "kubectl create secret" not in comment:
        return {}
    command = comment[comment.index("kubectl create secret") :]
    command = command.split("\n\n", 1)[0].replace("\\\n", " ")
    values = {}
    for word in shlex.split(command):
        if word.startswith("--from-literal="):
            name, _, value = word.removeprefix("--from-literal=").partition("=")
            generated = re.fullmatch(r"\$\(openssl rand -base64 (\d+)\)", value)
            values[name] = random_key(int(generated[1])) if generated else value
    return values


def _secret_data(document: Mapping[str, Any]) -> dict[str, str]:
    data = {
        key: base64.b64decode(value).decode() for key, value in document.get("data", {}).items()
    }
    return {**data, **{key: str(value) for key, value in document.get("stringData", {}).items()}}


def kubernetes_processes(
    documents: list[dict[str, Any]], image: Image, operator_secrets: Mapping[str, dict[str, str]]
) -> list[Process]:
    """One Process per container of every workload, with the environment its envFrom
    and env give it (a ConfigMap or Secret that exists nowhere is an error)."""
    config_maps = {
        d["metadata"]["name"]: {k: str(v) for k, v in d.get("data", {}).items()}
        for d in documents
        if d["kind"] == "ConfigMap"
    }
    shipped = {d["metadata"]["name"]: _secret_data(d) for d in documents if d["kind"] == "Secret"}
    known_secrets = {**operator_secrets, **shipped}
    processes = []
    for document in documents:
        if document["kind"] not in WORKLOADS:
            continue
        pod = document["spec"]["template"]["spec"]
        if document["kind"] == "CronJob":
            pod = document["spec"]["jobTemplate"]["spec"]["template"]["spec"]
        for container in pod["containers"]:
            environ = dict(image.environ)
            for source in container.get("envFrom", []):
                if ref := source.get("configMapRef"):
                    environ.update(_lookup(config_maps, ref, "ConfigMap"))
                if ref := source.get("secretRef"):
                    environ.update(_lookup(known_secrets, ref, "Secret"))
            environ.update(
                {e["name"]: e["value"] for e in container.get("env", []) if "value" in e}
            )
            argv = [*container.get("command", image.entrypoint), *container.get("args", [])]
            where = f"{document['kind']} {document['metadata']['name']}/{container['name']}"
            processes.append(Process(where, argv, environ))
    return processes


def _lookup(
    sources: Mapping[str, dict[str, str]], ref: Mapping[str, Any], kind: str
) -> dict[str, str]:
    if ref["name"] in sources:
        return sources[ref["name"]]
    if ref.get("optional"):
        return {}
    raise LookupError(f"{kind} {ref['name']!r} is neither in the manifest nor documented")


def build_context_copies(path: Path = DOCKERFILE) -> list[tuple[list[str], str]]:
    """The ``COPY sources... dest`` of the build context (not ``--from`` a stage)."""
    copies = []
    for line in re.sub(r"\\\n", " ", path.read_text()).splitlines():
        keyword, _, rest = line.strip().partition(" ")
        words = shlex.split(rest)
        if keyword.upper() == "COPY" and not any(w.startswith("--from") for w in words):
            copies.append((words[:-1], words[-1]))
    return copies
