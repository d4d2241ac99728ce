from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.link_extra_path_type_0 import LinkExtraPathType0, check_link_extra_path_type_0
from ..models.link_status import LinkStatus, check_link_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.link_health import LinkHealth
    from ..models.link_safety import LinkSafety
    from ..models.link_utm import LinkUtm
    from ..models.preview import Preview
    from ..models.rule import Rule
    from ..models.variant_stats import VariantStats


T = TypeVar("T", bound="Link")


@_attrs_define
class Link:
    """
    Attributes:
        clicks (int):
        created_at (str):
        expires_at (None | str):
        forward_query (bool):
        id (str):
        long_url (str):
        redirect_type (int):
        safety (LinkSafety): What the safety layer says of the destination (docs/safety.md).
        short_code (str):
        short_url (str): <short_base_url>/<shortCode>; for sandbox (svc_test_) links <short_base_url>/test/<shortCode>.
            On a custom domain https://<domain>/<shortCode> (sandbox: https://<domain>/test/<shortCode>).
        status (LinkStatus): blocked: the safety layer blocks it (403 at the edge); flagged: visitors see a warning page
            first; expired; active.
        tags (list[str]):
        updated_at (str):
        android_url (None | str | Unset):
        app_url (None | str | Unset):
        archived (bool | Unset): Archived (PATCH, bulk update; or at its source when imported): it still redirects, but
            lists and account analytics leave it out unless asked. Default: False.
        created_by (None | str | Unset): Who made it: the API key's id (key_…) when a key made it, else the user's id
            (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null:
            made before workspaces.
        domain (None | str | Unset): The custom domain the link lives on; null: the default short host.
        exhausted_at (None | str | Unset): When clicks reached maxClicks; null before.
        expired_url (None | str | Unset):
        external_id (None | str | Unset): Your own id for the link (externalId); null when unset.
        extra_path (LinkExtraPathType0 | None | Unset):
        health (LinkHealth | None | Unset): The worker's last check of its destinations (HOP_LINK_HEALTH_INTERVAL); null
            before the first check.
        imported_clicks (int | Unset): Clicks the link had at the shortener it was imported from (POST /v1/imports),
            kept beside ours: clicks counts only Hop's. Default: 0.
        ios_url (None | str | Unset):
        max_clicks (int | None | Unset):
        notes (None | str | Unset):
        password_protected (bool | Unset):  Default: False.
        preview (None | Preview | Unset):
        rules (list[Rule] | None | Unset):
        title (None | str | Unset):
        utm (LinkUtm | None | Unset):
        variants (list[VariantStats] | None | Unset):
    """

    clicks: int
    created_at: str
    expires_at: None | str
    forward_query: bool
    id: str
    long_url: str
    redirect_type: int
    safety: LinkSafety
    short_code: str
    short_url: str
    status: LinkStatus
    tags: list[str]
    updated_at: str
    android_url: None | str | Unset = UNSET
    app_url: None | str | Unset = UNSET
    archived: bool | Unset = False
    created_by: None | str | Unset = UNSET
    domain: None | str | Unset = UNSET
    exhausted_at: None | str | Unset = UNSET
    expired_url: None | str | Unset = UNSET
    external_id: None | str | Unset = UNSET
    extra_path: LinkExtraPathType0 | None | Unset = UNSET
    health: LinkHealth | None | Unset = UNSET
    imported_clicks: int | Unset = 0
    ios_url: None | str | Unset = UNSET
    max_clicks: int | None | Unset = UNSET
    notes: None | str | Unset = UNSET
    password_protected: bool | Unset = False
    preview: None | Preview | Unset = UNSET
    rules: list[Rule] | None | Unset = UNSET
    title: None | str | Unset = UNSET
    utm: LinkUtm | None | Unset = UNSET
    variants: list[VariantStats] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.link_health import LinkHealth  # noqa: PLC0415
        from ..models.link_utm import LinkUtm  # noqa: PLC0415
        from ..models.preview import Preview  # noqa: PLC0415

        clicks = self.clicks

        created_at = self.created_at

        expires_at: None | str
        expires_at = self.expires_at

        forward_query = self.forward_query

        id = self.id

        long_url = self.long_url

        redirect_type = self.redirect_type

        safety = self.safety.to_dict()

        short_code = self.short_code

        short_url = self.short_url

        status: str = self.status

        tags = self.tags

        updated_at = self.updated_at

        android_url: None | str | Unset
        if isinstance(self.android_url, Unset):
            android_url = UNSET
        else:
            android_url = self.android_url

        app_url: None | str | Unset
        if isinstance(self.app_url, Unset):
            app_url = UNSET
        else:
            app_url = self.app_url

        archived = self.archived

        created_by: None | str | Unset
        if isinstance(self.created_by, Unset):
            created_by = UNSET
        else:
            created_by = self.created_by

        domain: None | str | Unset
        if isinstance(self.domain, Unset):
            domain = UNSET
        else:
            domain = self.domain

        exhausted_at: None | str | Unset
        if isinstance(self.exhausted_at, Unset):
            exhausted_at = UNSET
        else:
            exhausted_at = self.exhausted_at

        expired_url: None | str | Unset
        if isinstance(self.expired_url, Unset):
            expired_url = UNSET
        else:
            expired_url = self.expired_url

        external_id: None | str | Unset
        if isinstance(self.external_id, Unset):
            external_id = UNSET
        else:
            external_id = self.external_id

        extra_path: None | str | Unset
        if isinstance(self.extra_path, Unset):
            extra_path = UNSET
        elif isinstance(self.extra_path, str):
            extra_path = self.extra_path
        else:
            extra_path = self.extra_path

        health: dict[str, Any] | None | Unset
        if isinstance(self.health, Unset):
            health = UNSET
        elif isinstance(self.health, LinkHealth):
            health = self.health.to_dict()
        else:
            health = self.health

        imported_clicks = self.imported_clicks

        ios_url: None | str | Unset
        if isinstance(self.ios_url, Unset):
            ios_url = UNSET
        else:
            ios_url = self.ios_url

        max_clicks: int | None | Unset
        if isinstance(self.max_clicks, Unset):
            max_clicks = UNSET
        else:
            max_clicks = self.max_clicks

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        password_protected = self.password_protected

        preview: dict[str, Any] | None | Unset
        if isinstance(self.preview, Unset):
            preview = UNSET
        elif isinstance(self.preview, Preview):
            preview = self.preview.to_dict()
        else:
            preview = self.preview

        rules: list[dict[str, Any]] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, list):
            rules = []
            for rules_type_0_item_data in self.rules:
                rules_type_0_item = rules_type_0_item_data.to_dict()
                rules.append(rules_type_0_item)

        else:
            rules = self.rules

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        utm: dict[str, Any] | None | Unset
        if isinstance(self.utm, Unset):
            utm = UNSET
        elif isinstance(self.utm, LinkUtm):
            utm = self.utm.to_dict()
        else:
            utm = self.utm

        variants: list[dict[str, Any]] | None | Unset
        if isinstance(self.variants, Unset):
            variants = UNSET
        elif isinstance(self.variants, list):
            variants = []
            for variants_type_0_item_data in self.variants:
                variants_type_0_item = variants_type_0_item_data.to_dict()
                variants.append(variants_type_0_item)

        else:
            variants = self.variants

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clicks": clicks,
                "createdAt": created_at,
                "expiresAt": expires_at,
                "forwardQuery": forward_query,
                "id": id,
                "longUrl": long_url,
                "redirectType": redirect_type,
                "safety": safety,
                "shortCode": short_code,
                "shortUrl": short_url,
                "status": status,
                "tags": tags,
                "updatedAt": updated_at,
            }
        )
        if android_url is not UNSET:
            field_dict["androidUrl"] = android_url
        if app_url is not UNSET:
            field_dict["appUrl"] = app_url
        if archived is not UNSET:
            field_dict["archived"] = archived
        if created_by is not UNSET:
            field_dict["createdBy"] = created_by
        if domain is not UNSET:
            field_dict["domain"] = domain
        if exhausted_at is not UNSET:
            field_dict["exhaustedAt"] = exhausted_at
        if expired_url is not UNSET:
            field_dict["expiredUrl"] = expired_url
        if external_id is not UNSET:
            field_dict["externalId"] = external_id
        if extra_path is not UNSET:
            field_dict["extraPath"] = extra_path
        if health is not UNSET:
            field_dict["health"] = health
        if imported_clicks is not UNSET:
            field_dict["importedClicks"] = imported_clicks
        if ios_url is not UNSET:
            field_dict["iosUrl"] = ios_url
        if max_clicks is not UNSET:
            field_dict["maxClicks"] = max_clicks
        if notes is not UNSET:
            field_dict["notes"] = notes
        if password_protected is not UNSET:
            field_dict["passwordProtected"] = password_protected
        if preview is not UNSET:
            field_dict["preview"] = preview
        if rules is not UNSET:
            field_dict["rules"] = rules
        if title is not UNSET:
            field_dict["title"] = title
        if utm is not UNSET:
            field_dict["utm"] = utm
        if variants is not UNSET:
            field_dict["variants"] = variants

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link_health import LinkHealth  # noqa: PLC0415
        from ..models.link_safety import LinkSafety  # noqa: PLC0415
        from ..models.link_utm import LinkUtm  # noqa: PLC0415
        from ..models.preview import Preview  # noqa: PLC0415
        from ..models.rule import Rule  # noqa: PLC0415
        from ..models.variant_stats import VariantStats  # noqa: PLC0415

        d = dict(src_dict)
        clicks = d.pop("clicks")

        created_at = d.pop("createdAt")

        def _parse_expires_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        expires_at = _parse_expires_at(d.pop("expiresAt"))

        forward_query = d.pop("forwardQuery")

        id = d.pop("id")

        long_url = d.pop("longUrl")

        redirect_type = d.pop("redirectType")

        safety = LinkSafety.from_dict(d.pop("safety"))

        short_code = d.pop("shortCode")

        short_url = d.pop("shortUrl")

        status = check_link_status(d.pop("status"))

        tags = cast(list[str], d.pop("tags"))

        updated_at = d.pop("updatedAt")

        def _parse_android_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        android_url = _parse_android_url(d.pop("androidUrl", UNSET))

        def _parse_app_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        app_url = _parse_app_url(d.pop("appUrl", UNSET))

        archived = d.pop("archived", UNSET)

        def _parse_created_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_by = _parse_created_by(d.pop("createdBy", UNSET))

        def _parse_domain(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        domain = _parse_domain(d.pop("domain", UNSET))

        def _parse_exhausted_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        exhausted_at = _parse_exhausted_at(d.pop("exhaustedAt", UNSET))

        def _parse_expired_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        expired_url = _parse_expired_url(d.pop("expiredUrl", UNSET))

        def _parse_external_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_id = _parse_external_id(d.pop("externalId", UNSET))

        def _parse_extra_path(data: object) -> LinkExtraPathType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                extra_path_type_0 = check_link_extra_path_type_0(data)

                return extra_path_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LinkExtraPathType0 | None | Unset, data)

        extra_path = _parse_extra_path(d.pop("extraPath", UNSET))

        def _parse_health(data: object) -> LinkHealth | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                health_type_0 = LinkHealth.from_dict(data)

                return health_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LinkHealth | None | Unset, data)

        health = _parse_health(d.pop("health", UNSET))

        imported_clicks = d.pop("importedClicks", UNSET)

        def _parse_ios_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ios_url = _parse_ios_url(d.pop("iosUrl", UNSET))

        def _parse_max_clicks(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_clicks = _parse_max_clicks(d.pop("maxClicks", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        password_protected = d.pop("passwordProtected", UNSET)

        def _parse_preview(data: object) -> None | Preview | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                preview_type_0 = Preview.from_dict(data)

                return preview_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Preview | Unset, data)

        preview = _parse_preview(d.pop("preview", UNSET))

        def _parse_rules(data: object) -> list[Rule] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                rules_type_0 = []
                _rules_type_0 = data
                for rules_type_0_item_data in _rules_type_0:
                    rules_type_0_item = Rule.from_dict(rules_type_0_item_data)

                    rules_type_0.append(rules_type_0_item)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Rule] | None | Unset, data)

        rules = _parse_rules(d.pop("rules", UNSET))

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        def _parse_utm(data: object) -> LinkUtm | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                utm_type_0 = LinkUtm.from_dict(data)

                return utm_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LinkUtm | None | Unset, data)

        utm = _parse_utm(d.pop("utm", UNSET))

        def _parse_variants(data: object) -> list[VariantStats] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                variants_type_0 = []
                _variants_type_0 = data
                for variants_type_0_item_data in _variants_type_0:
                    variants_type_0_item = VariantStats.from_dict(variants_type_0_item_data)

                    variants_type_0.append(variants_type_0_item)

                return variants_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[VariantStats] | None | Unset, data)

        variants = _parse_variants(d.pop("variants", UNSET))

        link = cls(
            clicks=clicks,
            created_at=created_at,
            expires_at=expires_at,
            forward_query=forward_query,
            id=id,
            long_url=long_url,
            redirect_type=redirect_type,
            safety=safety,
            short_code=short_code,
            short_url=short_url,
            status=status,
            tags=tags,
            updated_at=updated_at,
            android_url=android_url,
            app_url=app_url,
            archived=archived,
            created_by=created_by,
            domain=domain,
            exhausted_at=exhausted_at,
            expired_url=expired_url,
            external_id=external_id,
            extra_path=extra_path,
            health=health,
            imported_clicks=imported_clicks,
            ios_url=ios_url,
            max_clicks=max_clicks,
            notes=notes,
            password_protected=password_protected,
            preview=preview,
            rules=rules,
            title=title,
            utm=utm,
            variants=variants,
        )

        link.additional_properties = d
        return link

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
