from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.import_create_credentials import ImportCreateCredentials
    from ..models.import_create_options import ImportCreateOptions


T = TypeVar("T", bound="ImportCreate")


@_attrs_define
class ImportCreate:
    """
    Attributes:
        source (str): bitly, rebrandly, shortio, shlink, yourls, kutt or csv (docs/import.md).
        credentials (ImportCreateCredentials | Unset): As the source names them: Bitly `token`; Rebrandly, Short.io,
            Shlink and Kutt `apiKey`; YOURLS `signature`, or `username` and `password`; none for csv. Sealed at rest,
            dropped when the job ends, never returned.
        options (ImportCreateOptions | Unset): `baseUrl` (required for Shlink, YOURLS and Kutt), and what each source
            takes (docs/import.md); csv: `content`, the file's text.
    """

    source: str
    credentials: ImportCreateCredentials | Unset = UNSET
    options: ImportCreateOptions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        source = self.source

        credentials: dict[str, Any] | Unset = UNSET
        if not isinstance(self.credentials, Unset):
            credentials = self.credentials.to_dict()

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source": source,
            }
        )
        if credentials is not UNSET:
            field_dict["credentials"] = credentials
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_create_credentials import ImportCreateCredentials  # noqa: PLC0415
        from ..models.import_create_options import ImportCreateOptions  # noqa: PLC0415

        d = dict(src_dict)
        source = d.pop("source")

        _credentials = d.pop("credentials", UNSET)
        credentials: ImportCreateCredentials | Unset
        if isinstance(_credentials, Unset):
            credentials = UNSET
        else:
            credentials = ImportCreateCredentials.from_dict(_credentials)

        _options = d.pop("options", UNSET)
        options: ImportCreateOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = ImportCreateOptions.from_dict(_options)

        import_create = cls(
            source=source,
            credentials=credentials,
            options=options,
        )

        return import_create
