"""The registry read off the settings structs, and the loader that fills them."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar, get_args, get_type_hints

import msgspec

from common.settings.variable import Fields, SettingsError, Variable

Root = TypeVar("Root", bound=msgspec.Struct)

# Variables earlier versions read and this one does not, with what became of each
# (docs/operations.md#upgrading). Set, they stop the process with that answer rather than
# the bare "unknown setting": the value they carried is no longer anyone's to choose.
_SEAM = "a test seam now, {}; production runs on {}"
RETIRED: dict[str, str] = {
    "HOP_CLICK_FLUSH_MS": _SEAM.format("HOP_TEST_CLICK_FLUSH_MS", "5 ms"),
    "HOP_CLICK_BATCH_MAX": _SEAM.format("HOP_TEST_CLICK_BATCH_MAX", "1000 clicks"),
    "HOP_WORKER_READ_COUNT": _SEAM.format("HOP_TEST_WORKER_READ_COUNT", "20 entries"),
    "HOP_WORKER_BATCHES_IN_FLIGHT": _SEAM.format("HOP_TEST_WORKER_BATCHES_IN_FLIGHT", "2"),
    "HOP_WORKER_CLAIM_IDLE_MS": _SEAM.format("HOP_TEST_WORKER_CLAIM_IDLE_MS", "30 s"),
    "HOP_WORKER_MAX_DELIVERIES": "fixed at 5 deliveries",
    "HOP_WEBHOOK_RETRY_SCHEDULE": _SEAM.format(
        "HOP_TEST_WEBHOOK_RETRY_SCHEDULE", "the schedule docs/webhooks.md gives"
    ),
    "HOP_WEBHOOK_TIMEOUT": _SEAM.format("HOP_TEST_WEBHOOK_TIMEOUT", "10 s"),
    "HOP_WEBHOOK_POLL_INTERVAL": _SEAM.format("HOP_TEST_WEBHOOK_POLL_INTERVAL", "0.5 s"),
    "HOP_WEBHOOK_CONCURRENCY": _SEAM.format("HOP_TEST_WEBHOOK_CONCURRENCY", "128"),
    "HOP_SAFETY_URLHAUS_INTERVAL": _SEAM.format("HOP_TEST_SAFETY_URLHAUS_INTERVAL", "600 s"),
    "HOP_SAFETY_PHISHTANK_INTERVAL": _SEAM.format("HOP_TEST_SAFETY_PHISHTANK_INTERVAL", "1 h"),
    "HOP_SAFETY_WEBRISK_INTERVAL": _SEAM.format("HOP_TEST_SAFETY_WEBRISK_INTERVAL", "1800 s"),
    "HOP_SAFETY_WAVE_INTERVAL": _SEAM.format("HOP_TEST_SAFETY_WAVE_INTERVAL", "60 s"),
    "HOP_EXPORT_IDLE_TIMEOUT": _SEAM.format("HOP_TEST_EXPORT_IDLE_TIMEOUT", "30 s"),
    "HOP_EXPORT_STATEMENT_TIMEOUT": "fixed at 60 s",
    "HOP_VERIFY_LINK_TTL": "fixed at 2 days",
    "HOP_RESET_LINK_TTL": "fixed at 1 h",
    "HOP_STORE_MAX_RESPONSE_BYTES": "fixed at 8 MiB",
    "HOP_STORE_PRODUCT_TTL": "fixed at 15 min",
    "HOP_SHOPIFY_API_VERSION": "pinned by the code written against it",
    "HOP_SHOPIFY_SCOPES": "fixed at read_products, all Hop reads",
    "HOP_WOOCOMMERCE_APP_NAME": "fixed at Hop",
}


def walk(struct: type[msgspec.Struct], prefix: str = "") -> Iterator[Variable]:
    """Every variable declared in ``struct`` and the structs of its fields, in field
    order, each with its path filled in."""
    yield from _walk(struct, prefix, None)


def _walk(
    struct: type[msgspec.Struct], prefix: str, given: Mapping[str, Variable] | None
) -> Iterator[Variable]:
    hints = get_type_hints(struct, include_extras=True)
    for name in struct.__struct_fields__:
        hint, path = hints[name], prefix + name
        metadata = getattr(hint, "__metadata__", ())
        declared = (given or {}).get(name) or next(
            (item for item in metadata if isinstance(item, Variable)), None
        )
        if declared is not None:
            yield dataclasses.replace(declared, path=path)
            continue
        inner = get_args(hint)[0] if metadata else hint
        if not (isinstance(inner, type) and issubclass(inner, msgspec.Struct)):
            raise TypeError(f"{struct.__name__}.{name} declares no variable")
        fields = next((item for item in metadata if isinstance(item, Fields)), None)
        yield from _walk(inner, path + ".", fields.variables if fields else None)


def _read(variable: Variable, environ: Mapping[str, str]) -> str | None:
    raw = environ.get(variable.name)
    file_name = environ.get(f"{variable.name}_FILE") if variable.secret else None
    if raw is not None and file_name is not None:
        raise SettingsError(f"{variable.name}: set either it or {variable.name}_FILE, not both")
    if file_name is not None:
        try:
            return Path(file_name).read_text().strip()
        except OSError as exc:
            raise SettingsError(
                f"{variable.name}_FILE: cannot read {file_name}: {exc.strerror}"
            ) from None
    return raw


def _assign(tree: dict[str, Any], path: str, value: Any) -> None:
    *parents, leaf = path.split(".")
    for part in parents:
        tree = tree.setdefault(part, {})
    tree[leaf] = value


def _check_names(environ: Mapping[str, str], variables: tuple[Variable, ...]) -> None:
    known = {variable.name for variable in variables}
    known |= {f"{variable.name}_FILE" for variable in variables if variable.secret}
    for name in environ:
        if not name.startswith("HOP_") or name in known:
            continue
        if name in RETIRED:
            raise SettingsError(
                f"{name}: no longer a setting: {RETIRED[name]} (docs/operations.md#upgrading)"
            )
        raise SettingsError(f"{name}: unknown setting (see README, 'Settings')")


def load_from(
    environ: Mapping[str, str], variables: tuple[Variable, ...], root: type[Root]
) -> Root:
    """``root`` filled from ``environ`` by ``variables`` (``walk(root)``)."""
    _check_names(environ, variables)
    flat: dict[str, Any] = {}
    deferred: list[Variable] = []
    for variable in variables:
        raw = _read(variable, environ)
        if raw is None:
            if callable(variable.default):
                deferred.append(variable)
                continue
            # Text defaults go through the parser too, so they read like a set value.
            default = variable.default
            flat[variable.path] = variable.parse(default) if isinstance(default, str) else default
            continue
        try:
            flat[variable.path] = variable.parse(raw)
        except ValueError as exc:
            raise SettingsError(f"{variable.name}: {exc}") from None
    for variable in deferred:
        flat[variable.path] = variable.default(flat)

    tree: dict[str, Any] = {}
    for path, value in flat.items():
        _assign(tree, path, value)
    return msgspec.convert(tree, root, from_attributes=True)
