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
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any, get_args

import jsonschema
import kubernetes_validate
import pytest
import yaml
from prometheus_client import REGISTRY

# Importing the metrics modules registers every metric the dashboard test looks for.
from admin.http.metrics import REQUEST_SECONDS
from admin.worker.metrics import STREAM_LAG
from common.roles import Role, require
from common.settings import Listen, Settings, SettingsError, load_settings
from edge.metrics import LINK_RESPONSES
from tests.support.deploy import (
    COMPOSE,
    GRAFANA_DASHBOARD,
    KUBERNETES_FILES,
    PROMETHEUS,
    PROMETHEUS_ADAPTER,
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


def _settings(process: Process) -> tuple[Role, Settings]:
    """Run the checks the process's own command runs before it serves."""
    assert process.argv[:1] == ["hop"], f"{process.where}: runs {process.argv}, not `hop`"
    role = process.argv[1] if len(process.argv) > 1 else ""
    assert role in ROLES, f"{process.where}: `hop {role}` is not a Hop process"
    hop_environ = {k: v for k, v in process.environ.items() if k.startswith("HOP_")}
    settings = load_settings(hop_environ)
    require(settings, role)
    return role, settings


def _starts(process: Process) -> Role:
    return _settings(process)[0]


def _metrics_listen(role: Role, settings: Settings) -> Listen | None:
    return {
        "admin": settings.admin.metrics_listen,
        "edge": settings.edge.metrics_listen,
        "worker": settings.worker.metrics_listen,
    }.get(role)


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
    assert {"HOP_JWT_SECRET", "HOP_WEBHOOK_SECRET_KEY", "HOP_LINK_PASSWORD_KEY"} <= set(operator)
    for name in operator:
        with pytest.raises(MissingVariable, match=name):
            compose_document({k: v for k, v in operator.items() if k != name})


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
@pytest.mark.parametrize("path", KUBERNETES_FILES, ids=lambda path: path.name)
def test_kubernetes_manifest_matches_the_kubernetes_schema(path: Path, version: str) -> None:
    for document in kubernetes_documents(path):
        kubernetes_validate.validate(document, version, strict=True)


def test_kubernetes_manifest_ships_no_secret_values() -> None:
    assert [d["metadata"]["name"] for d in kubernetes_documents() if d["kind"] == "Secret"] == []


def test_kubernetes_processes_start(image: Image) -> None:
    operator = {"hop": documented_secret()}
    processes = kubernetes_processes(kubernetes_documents(), image, operator)
    assert {_starts(process) for process in processes} == set(ROLES)


# Documented secrets that turn a feature on rather than being required to start: without
# one, every process starts and the feature answers that it is off.
FEATURE_SECRETS = {"HOP_LINK_PASSWORD_KEY": "link_password_key"}


def test_the_documented_secret_turns_on_password_links(image: Image) -> None:
    """The admin and every edge read the link password key from the Secret: without it
    in the manifests, password-protected links are refused (422) in production."""
    processes = kubernetes_processes(kubernetes_documents(), image, {"hop": documented_secret()})
    roles = {}
    for process in processes:
        role, settings = _settings(process)
        roles[role] = settings.link_password_key is not None
    assert roles["admin"]
    assert roles["edge"]
    compose = compose_processes(compose_document(_compose_operator_environ()), image)
    assert all(_settings(process)[1].link_password_key for process in compose)


@pytest.mark.parametrize("name", sorted(set(documented_secret()) - set(FEATURE_SECRETS)))
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


# --- the sharded topology: scaling, disruption, draining, metrics


def _by_kind(kind: str) -> list[dict[str, Any]]:
    return [d for d in kubernetes_documents() if d["kind"] == kind]


def _selects(selector: dict[str, Any], labels: dict[str, str]) -> bool:
    return all(labels.get(k) == v for k, v in selector["matchLabels"].items())


def test_every_deployment_has_an_autoscaler_and_a_disruption_budget() -> None:
    autoscaled = {
        h["spec"]["scaleTargetRef"]["name"]
        for h in _by_kind("HorizontalPodAutoscaler")
        if h["spec"]["scaleTargetRef"]["kind"] == "Deployment"
    }
    for deployment in _by_kind("Deployment"):
        name = deployment["metadata"]["name"]
        labels = deployment["spec"]["template"]["metadata"]["labels"]
        assert name in autoscaled, f"{name}: no HorizontalPodAutoscaler"
        budgets = [
            b for b in _by_kind("PodDisruptionBudget") if _selects(b["spec"]["selector"], labels)
        ]
        assert len(budgets) == 1, f"{name}: {len(budgets)} PodDisruptionBudgets select its pods"


def test_the_edge_drains_before_it_stops() -> None:
    """preStop keeps the edge answering while it leaves the Service; the grace period
    leaves room after it for the click buffer's flush (edge/clicks.py, 10 s)."""
    (edge,) = [d for d in _by_kind("Deployment") if d["metadata"]["name"] == "hop-edge"]
    pod = edge["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    command = container["lifecycle"]["preStop"]["exec"]["command"]
    assert command[0] == "sleep"
    assert pod["terminationGracePeriodSeconds"] >= int(command[1]) + 10


def test_workers_scale_on_the_click_backlog_the_adapter_serves() -> None:
    """The worker HPA's External metric is the one the prometheus-adapter rule names, and
    that rule reads a metric the worker exports."""
    (hpa,) = [
        h for h in _by_kind("HorizontalPodAutoscaler") if h["metadata"]["name"] == "hop-worker"
    ]
    external = [
        m["external"]["metric"]["name"] for m in hpa["spec"]["metrics"] if m["type"] == "External"
    ]
    (adapter,) = kubernetes_documents(PROMETHEUS_ADAPTER)
    (rule,) = yaml.safe_load(adapter["data"]["config.yaml"])["externalRules"]
    assert external == [rule["name"]["as"]]
    (family,) = STREAM_LAG.describe()
    assert family.name in rule["seriesQuery"]
    assert family.name in rule["metricsQuery"]


def test_kubernetes_metrics_ports_are_the_ones_the_processes_listen_on(image: Image) -> None:
    documents = kubernetes_documents()
    processes = kubernetes_processes(documents, image, {"hop": documented_secret()})
    pods = {
        f"{d['kind']} {d['metadata']['name']}": d["spec"]["template"]
        for d in documents
        if d["kind"] == "Deployment"
    }
    served = set()
    for process in processes:
        role, settings = _settings(process)
        listen = _metrics_listen(role, settings)
        workload = process.where.split("/")[0]
        if workload not in pods:  # the migration Job serves nothing
            assert listen is None or role == "migrate"
            continue
        assert listen is not None, f"{process.where}: no metrics listener"
        template = pods[workload]
        assert template["metadata"]["annotations"]["prometheus.io/port"] == str(listen.port)
        ports = {p["containerPort"] for c in template["spec"]["containers"] for p in c["ports"]}
        assert listen.port in ports
        # Reachable from the scraper, not only from inside the pod.
        assert listen.host == "0.0.0.0"  # noqa: S104
        served.add(role)
    assert served == {"admin", "edge", "worker"}


def test_compose_prometheus_scrapes_every_process_where_it_listens(image: Image) -> None:
    document = compose_document(_compose_operator_environ())
    processes = compose_processes(document, image)
    config = yaml.safe_load(PROMETHEUS.read_text())
    scraped = {
        name: sd["port"]
        for job in config["scrape_configs"]
        for sd in job["dns_sd_configs"]
        for name in sd["names"]
    }
    for process in processes:
        role, settings = _settings(process)
        listen = _metrics_listen(role, settings)
        service = process.where.removeprefix("compose service ")
        if role == "migrate":
            continue
        assert listen is not None, f"{process.where}: no metrics listener"
        assert scraped[service] == listen.port
    for service in ("prometheus", "grafana"):
        for volume in document["services"][service]["volumes"]:
            source = volume.split(":")[0]
            if source.startswith("./"):
                assert (COMPOSE.parent / source).exists(), f"{service}: {source} missing"


def test_the_dashboard_only_charts_metrics_hop_exports() -> None:
    """Every ``hop_*`` name in the Grafana dashboard is one a process defines, so a
    renamed metric fails here rather than as an empty panel."""
    exported = {
        sample
        for family in REGISTRY.collect()
        for sample in (
            family.name,
            f"{family.name}_total",
            f"{family.name}_bucket",
            f"{family.name}_count",
            f"{family.name}_sum",
        )
    }
    dashboard = json.loads(GRAFANA_DASHBOARD.read_text())
    expressions = [
        target["expr"] for panel in dashboard["panels"] for target in panel.get("targets", [])
    ]
    charted = {name for expr in expressions for name in re.findall(r"\bhop_[a-z_]+", expr)}
    for metric in (REQUEST_SECONDS, STREAM_LAG, LINK_RESPONSES):
        (family,) = metric.describe()
        assert any(name.startswith(family.name) for name in charted), family.name
    assert charted - exported == set()
    assert {"process_resident_memory_bytes", "process_cpu_seconds_total"} <= exported
