from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.own_bio_link import OwnBioLink
    from ..models.own_bio_social import OwnBioSocial


T = TypeVar("T", bound="BioPage")


@_attrs_define
class BioPage:
    """
    Attributes:
        avatar_url (None | str):
        created_at (str):
        description (str):
        display_name (str):
        id (str):
        language (str):
        links (list[OwnBioLink]):
        page_url (str): <short_base_url>/@<username>; for a sandbox (svc_test_) page <short_base_url>/test/@<username>.
        socials (list[OwnBioSocial]):
        theme (str):
        updated_at (str):
        username (str):
        created_by (None | str | Unset): Who made it: the API key's id (key_…) when a key made it, else the user's id
            (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null:
            made before workspaces.
    """

    avatar_url: None | str
    created_at: str
    description: str
    display_name: str
    id: str
    language: str
    links: list[OwnBioLink]
    page_url: str
    socials: list[OwnBioSocial]
    theme: str
    updated_at: str
    username: str
    created_by: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        avatar_url: None | str
        avatar_url = self.avatar_url

        created_at = self.created_at

        description = self.description

        display_name = self.display_name

        id = self.id

        language = self.language

        links = []
        for links_item_data in self.links:
            links_item = links_item_data.to_dict()
            links.append(links_item)

        page_url = self.page_url

        socials = []
        for socials_item_data in self.socials:
            socials_item = socials_item_data.to_dict()
            socials.append(socials_item)

        theme = self.theme

        updated_at = self.updated_at

        username = self.username

        created_by: None | str | Unset
        if isinstance(self.created_by, Unset):
            created_by = UNSET
        else:
            created_by = self.created_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "avatarUrl": avatar_url,
                "createdAt": created_at,
                "description": description,
                "displayName": display_name,
                "id": id,
                "language": language,
                "links": links,
                "pageUrl": page_url,
                "socials": socials,
                "theme": theme,
                "updatedAt": updated_at,
                "username": username,
            }
        )
        if created_by is not UNSET:
            field_dict["createdBy"] = created_by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.own_bio_link import OwnBioLink  # noqa: PLC0415
        from ..models.own_bio_social import OwnBioSocial  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_avatar_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        avatar_url = _parse_avatar_url(d.pop("avatarUrl"))

        created_at = d.pop("createdAt")

        description = d.pop("description")

        display_name = d.pop("displayName")

        id = d.pop("id")

        language = d.pop("language")

        links = []
        _links = d.pop("links")
        for links_item_data in _links:
            links_item = OwnBioLink.from_dict(links_item_data)

            links.append(links_item)

        page_url = d.pop("pageUrl")

        socials = []
        _socials = d.pop("socials")
        for socials_item_data in _socials:
            socials_item = OwnBioSocial.from_dict(socials_item_data)

            socials.append(socials_item)

        theme = d.pop("theme")

        updated_at = d.pop("updatedAt")

        username = d.pop("username")

        def _parse_created_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_by = _parse_created_by(d.pop("createdBy", UNSET))

        bio_page = cls(
            avatar_url=avatar_url,
            created_at=created_at,
            description=description,
            display_name=display_name,
            id=id,
            language=language,
            links=links,
            page_url=page_url,
            socials=socials,
            theme=theme,
            updated_at=updated_at,
            username=username,
            created_by=created_by,
        )

        bio_page.additional_properties = d
        return bio_page

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
