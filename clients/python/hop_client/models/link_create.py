from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.link_create_extra_path_type_0 import LinkCreateExtraPathType0, check_link_create_extra_path_type_0
from ..models.link_create_redirect_type import LinkCreateRedirectType, check_link_create_redirect_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.link_utm import LinkUtm
    from ..models.preview import Preview
    from ..models.rule import Rule
    from ..models.variant import Variant


T = TypeVar("T", bound="LinkCreate")


@_attrs_define
class LinkCreate:
    """
    Attributes:
        long_url (str): Absolute http(s) URL, at most 2,048 characters.
        alias (None | str | Unset):
        android_url (None | str | Unset):
        app_url (None | str | Unset):
        archived (bool | None | Unset):
        domain (None | str | Unset):
        expired_url (None | str | Unset):
        expires_at (datetime.datetime | None | Unset):
        external_id (None | str | Unset):
        extra_path (LinkCreateExtraPathType0 | None | Unset):
        forward_query (bool | Unset):  Default: True.
        ios_url (None | str | Unset):
        max_clicks (int | None | Unset):
        notes (None | str | Unset):
        password (None | str | Unset):
        preview (None | Preview | Unset):
        redirect_type (LinkCreateRedirectType | Unset):  Default: 302.
        rules (list[Rule] | None | Unset):
        tags (list[str] | Unset): At most 20 tags.
        title (None | str | Unset):
        utm (LinkUtm | None | Unset):
        variants (list[Variant] | None | Unset):
    """

    long_url: str
    alias: None | str | Unset = UNSET
    android_url: None | str | Unset = UNSET
    app_url: None | str | Unset = UNSET
    archived: bool | None | Unset = UNSET
    domain: None | str | Unset = UNSET
    expired_url: None | str | Unset = UNSET
    expires_at: datetime.datetime | None | Unset = UNSET
    external_id: None | str | Unset = UNSET
    extra_path: LinkCreateExtraPathType0 | None | Unset = UNSET
    forward_query: bool | Unset = True
    ios_url: None | str | Unset = UNSET
    max_clicks: int | None | Unset = UNSET
    notes: None | str | Unset = UNSET
    password: None | str | Unset = UNSET
    preview: None | Preview | Unset = UNSET
    redirect_type: LinkCreateRedirectType | Unset = 302
    rules: list[Rule] | None | Unset = UNSET
    tags: list[str] | Unset = UNSET
    title: None | str | Unset = UNSET
    utm: LinkUtm | None | Unset = UNSET
    variants: list[Variant] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.link_utm import LinkUtm  # noqa: PLC0415
        from ..models.preview import Preview  # noqa: PLC0415

        long_url = self.long_url

        alias: None | str | Unset
        if isinstance(self.alias, Unset):
            alias = UNSET
        else:
            alias = self.alias

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

        archived: bool | None | Unset
        if isinstance(self.archived, Unset):
            archived = UNSET
        else:
            archived = self.archived

        domain: None | str | Unset
        if isinstance(self.domain, Unset):
            domain = UNSET
        else:
            domain = self.domain

        expired_url: None | str | Unset
        if isinstance(self.expired_url, Unset):
            expired_url = UNSET
        else:
            expired_url = self.expired_url

        expires_at: None | str | Unset
        if isinstance(self.expires_at, Unset):
            expires_at = UNSET
        elif isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

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

        forward_query = self.forward_query

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

        password: None | str | Unset
        if isinstance(self.password, Unset):
            password = UNSET
        else:
            password = self.password

        preview: dict[str, Any] | None | Unset
        if isinstance(self.preview, Unset):
            preview = UNSET
        elif isinstance(self.preview, Preview):
            preview = self.preview.to_dict()
        else:
            preview = self.preview

        redirect_type: int | Unset = UNSET
        if not isinstance(self.redirect_type, Unset):
            redirect_type = self.redirect_type

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

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags

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

        field_dict.update(
            {
                "longUrl": long_url,
            }
        )
        if alias is not UNSET:
            field_dict["alias"] = alias
        if android_url is not UNSET:
            field_dict["androidUrl"] = android_url
        if app_url is not UNSET:
            field_dict["appUrl"] = app_url
        if archived is not UNSET:
            field_dict["archived"] = archived
        if domain is not UNSET:
            field_dict["domain"] = domain
        if expired_url is not UNSET:
            field_dict["expiredUrl"] = expired_url
        if expires_at is not UNSET:
            field_dict["expiresAt"] = expires_at
        if external_id is not UNSET:
            field_dict["externalId"] = external_id
        if extra_path is not UNSET:
            field_dict["extraPath"] = extra_path
        if forward_query is not UNSET:
            field_dict["forwardQuery"] = forward_query
        if ios_url is not UNSET:
            field_dict["iosUrl"] = ios_url
        if max_clicks is not UNSET:
            field_dict["maxClicks"] = max_clicks
        if notes is not UNSET:
            field_dict["notes"] = notes
        if password is not UNSET:
            field_dict["password"] = password
        if preview is not UNSET:
            field_dict["preview"] = preview
        if redirect_type is not UNSET:
            field_dict["redirectType"] = redirect_type
        if rules is not UNSET:
            field_dict["rules"] = rules
        if tags is not UNSET:
            field_dict["tags"] = tags
        if title is not UNSET:
            field_dict["title"] = title
        if utm is not UNSET:
            field_dict["utm"] = utm
        if variants is not UNSET:
            field_dict["variants"] = variants

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link_utm import LinkUtm  # noqa: PLC0415
        from ..models.preview import Preview  # noqa: PLC0415
        from ..models.rule import Rule  # noqa: PLC0415
        from ..models.variant import Variant  # noqa: PLC0415

        d = dict(src_dict)
        long_url = d.pop("longUrl")

        def _parse_alias(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        alias = _parse_alias(d.pop("alias", UNSET))

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

        def _parse_archived(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        archived = _parse_archived(d.pop("archived", UNSET))

        def _parse_domain(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        domain = _parse_domain(d.pop("domain", UNSET))

        def _parse_expired_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        expired_url = _parse_expired_url(d.pop("expiredUrl", UNSET))

        def _parse_expires_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        expires_at = _parse_expires_at(d.pop("expiresAt", UNSET))

        def _parse_external_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_id = _parse_external_id(d.pop("externalId", UNSET))

        def _parse_extra_path(data: object) -> LinkCreateExtraPathType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                extra_path_type_0 = check_link_create_extra_path_type_0(data)

                return extra_path_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LinkCreateExtraPathType0 | None | Unset, data)

        extra_path = _parse_extra_path(d.pop("extraPath", UNSET))

        forward_query = d.pop("forwardQuery", UNSET)

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

        def _parse_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        password = _parse_password(d.pop("password", UNSET))

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

        _redirect_type = d.pop("redirectType", UNSET)
        redirect_type: LinkCreateRedirectType | Unset
        if isinstance(_redirect_type, Unset):
            redirect_type = UNSET
        else:
            redirect_type = check_link_create_redirect_type(_redirect_type)

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

        tags = cast(list[str], d.pop("tags", UNSET))

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

        def _parse_variants(data: object) -> list[Variant] | None | Unset:
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
                    variants_type_0_item = Variant.from_dict(variants_type_0_item_data)

                    variants_type_0.append(variants_type_0_item)

                return variants_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Variant] | None | Unset, data)

        variants = _parse_variants(d.pop("variants", UNSET))

        link_create = cls(
            long_url=long_url,
            alias=alias,
            android_url=android_url,
            app_url=app_url,
            archived=archived,
            domain=domain,
            expired_url=expired_url,
            expires_at=expires_at,
            external_id=external_id,
            extra_path=extra_path,
            forward_query=forward_query,
            ios_url=ios_url,
            max_clicks=max_clicks,
            notes=notes,
            password=password,
            preview=preview,
            redirect_type=redirect_type,
            rules=rules,
            tags=tags,
            title=title,
            utm=utm,
            variants=variants,
        )

        return link_create
