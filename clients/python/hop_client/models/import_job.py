from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.import_job_status import ImportJobStatus, check_import_job_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.import_failure import ImportFailure
    from ..models.remapped_code import RemappedCode


T = TypeVar("T", bound="ImportJob")


@_attrs_define
class ImportJob:
    """
    Attributes:
        created_at (str):
        errors (list[ImportFailure]): Why links were not written: the first 1,000 (the report has all).
        failed (int): Links not written (see errors).
        finished_at (None | str):
        id (str):
        imported (int): Links written (remapped ones included).
        reason (None | str): Why the job failed or was cancelled; null otherwise.
        remapped (int): Links written under a new code (see remaps).
        remaps (list[RemappedCode]): Codes that changed, and why: the first 1,000 (the report has all).
        skipped (int): Links an earlier import already brought.
        source (str):
        started_at (None | str):
        status (ImportJobStatus):
        total (int | None): Links the source holds, once it says; null before.
        base_url (None | str | Unset): The source's address, for the self-hosted ones.
        created_by (None | str | Unset): Who made it: the API key's id (key_…) when a key made it, else the user's id
            (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null:
            made before workspaces.
    """

    created_at: str
    errors: list[ImportFailure]
    failed: int
    finished_at: None | str
    id: str
    imported: int
    reason: None | str
    remapped: int
    remaps: list[RemappedCode]
    skipped: int
    source: str
    started_at: None | str
    status: ImportJobStatus
    total: int | None
    base_url: None | str | Unset = UNSET
    created_by: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)

        failed = self.failed

        finished_at: None | str
        finished_at = self.finished_at

        id = self.id

        imported = self.imported

        reason: None | str
        reason = self.reason

        remapped = self.remapped

        remaps = []
        for remaps_item_data in self.remaps:
            remaps_item = remaps_item_data.to_dict()
            remaps.append(remaps_item)

        skipped = self.skipped

        source = self.source

        started_at: None | str
        started_at = self.started_at

        status: str = self.status

        total: int | None
        total = self.total

        base_url: None | str | Unset
        if isinstance(self.base_url, Unset):
            base_url = UNSET
        else:
            base_url = self.base_url

        created_by: None | str | Unset
        if isinstance(self.created_by, Unset):
            created_by = UNSET
        else:
            created_by = self.created_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "createdAt": created_at,
                "errors": errors,
                "failed": failed,
                "finishedAt": finished_at,
                "id": id,
                "imported": imported,
                "reason": reason,
                "remapped": remapped,
                "remaps": remaps,
                "skipped": skipped,
                "source": source,
                "startedAt": started_at,
                "status": status,
                "total": total,
            }
        )
        if base_url is not UNSET:
            field_dict["baseUrl"] = base_url
        if created_by is not UNSET:
            field_dict["createdBy"] = created_by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_failure import ImportFailure  # noqa: PLC0415
        from ..models.remapped_code import RemappedCode  # noqa: PLC0415

        d = dict(src_dict)
        created_at = d.pop("createdAt")

        errors = []
        _errors = d.pop("errors")
        for errors_item_data in _errors:
            errors_item = ImportFailure.from_dict(errors_item_data)

            errors.append(errors_item)

        failed = d.pop("failed")

        def _parse_finished_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        finished_at = _parse_finished_at(d.pop("finishedAt"))

        id = d.pop("id")

        imported = d.pop("imported")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        remapped = d.pop("remapped")

        remaps = []
        _remaps = d.pop("remaps")
        for remaps_item_data in _remaps:
            remaps_item = RemappedCode.from_dict(remaps_item_data)

            remaps.append(remaps_item)

        skipped = d.pop("skipped")

        source = d.pop("source")

        def _parse_started_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        started_at = _parse_started_at(d.pop("startedAt"))

        status = check_import_job_status(d.pop("status"))

        def _parse_total(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total = _parse_total(d.pop("total"))

        def _parse_base_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        base_url = _parse_base_url(d.pop("baseUrl", UNSET))

        def _parse_created_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_by = _parse_created_by(d.pop("createdBy", UNSET))

        import_job = cls(
            created_at=created_at,
            errors=errors,
            failed=failed,
            finished_at=finished_at,
            id=id,
            imported=imported,
            reason=reason,
            remapped=remapped,
            remaps=remaps,
            skipped=skipped,
            source=source,
            started_at=started_at,
            status=status,
            total=total,
            base_url=base_url,
            created_by=created_by,
        )

        import_job.additional_properties = d
        return import_job

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
