from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.domain_status import DomainStatus, check_domain_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.verification import Verification


T = TypeVar("T", bound="Domain")


@_attrs_define
class Domain:
    """
    Attributes:
        checked_at (None | str): The last verification attempt, yours or scheduled.
        created_at (str):
        hostname (str):
        id (str):
        lapsed_at (None | str): When the domain lapsed.
        lapses_at (None | str): When a lapsing domain lapses unless a check finds the record first.
        lapsing_since (None | str): When a check first found the TXT record gone.
        status (DomainStatus): pending until a verification finds the TXT record; verified while the checks repeated
            every HOP_DOMAIN_REVERIFY_INTERVAL find it; lapsing once one does not (still served; it is verified again when a
            check finds the record); lapsed when the record stayed away until lapsesAt: no longer served, and the name is
            free for whoever proves it next (a verification of yours serves it again).
        verification (Verification): The DNS record that proves the domain is yours: publish it, then POST .../verify.
        verified_at (None | str):
        case_sensitive (bool | Unset): true: /Sale and /sale are two codes on this domain. false: one (the edge folds
            the case of every code asked; a new code clashes with one differing only in case). Default: True.
        created_by (None | str | Unset): Who made it: the API key's id (key_…) when a key made it, else the user's id
            (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null:
            made before workspaces.
        not_found_url (None | str | Unset): Where the edge redirects visits of unknown codes on this domain (still
            counted as orphan visits); null: the 404 page.
    """

    checked_at: None | str
    created_at: str
    hostname: str
    id: str
    lapsed_at: None | str
    lapses_at: None | str
    lapsing_since: None | str
    status: DomainStatus
    verification: Verification
    verified_at: None | str
    case_sensitive: bool | Unset = True
    created_by: None | str | Unset = UNSET
    not_found_url: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        checked_at: None | str
        checked_at = self.checked_at

        created_at = self.created_at

        hostname = self.hostname

        id = self.id

        lapsed_at: None | str
        lapsed_at = self.lapsed_at

        lapses_at: None | str
        lapses_at = self.lapses_at

        lapsing_since: None | str
        lapsing_since = self.lapsing_since

        status: str = self.status

        verification = self.verification.to_dict()

        verified_at: None | str
        verified_at = self.verified_at

        case_sensitive = self.case_sensitive

        created_by: None | str | Unset
        if isinstance(self.created_by, Unset):
            created_by = UNSET
        else:
            created_by = self.created_by

        not_found_url: None | str | Unset
        if isinstance(self.not_found_url, Unset):
            not_found_url = UNSET
        else:
            not_found_url = self.not_found_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "checkedAt": checked_at,
                "createdAt": created_at,
                "hostname": hostname,
                "id": id,
                "lapsedAt": lapsed_at,
                "lapsesAt": lapses_at,
                "lapsingSince": lapsing_since,
                "status": status,
                "verification": verification,
                "verifiedAt": verified_at,
            }
        )
        if case_sensitive is not UNSET:
            field_dict["caseSensitive"] = case_sensitive
        if created_by is not UNSET:
            field_dict["createdBy"] = created_by
        if not_found_url is not UNSET:
            field_dict["notFoundUrl"] = not_found_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.verification import Verification  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_checked_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        checked_at = _parse_checked_at(d.pop("checkedAt"))

        created_at = d.pop("createdAt")

        hostname = d.pop("hostname")

        id = d.pop("id")

        def _parse_lapsed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        lapsed_at = _parse_lapsed_at(d.pop("lapsedAt"))

        def _parse_lapses_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        lapses_at = _parse_lapses_at(d.pop("lapsesAt"))

        def _parse_lapsing_since(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        lapsing_since = _parse_lapsing_since(d.pop("lapsingSince"))

        status = check_domain_status(d.pop("status"))

        verification = Verification.from_dict(d.pop("verification"))

        def _parse_verified_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        verified_at = _parse_verified_at(d.pop("verifiedAt"))

        case_sensitive = d.pop("caseSensitive", UNSET)

        def _parse_created_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_by = _parse_created_by(d.pop("createdBy", UNSET))

        def _parse_not_found_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        not_found_url = _parse_not_found_url(d.pop("notFoundUrl", UNSET))

        domain = cls(
            checked_at=checked_at,
            created_at=created_at,
            hostname=hostname,
            id=id,
            lapsed_at=lapsed_at,
            lapses_at=lapses_at,
            lapsing_since=lapsing_since,
            status=status,
            verification=verification,
            verified_at=verified_at,
            case_sensitive=case_sensitive,
            created_by=created_by,
            not_found_url=not_found_url,
        )

        domain.additional_properties = d
        return domain

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
