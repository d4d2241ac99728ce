from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bio_link import BioLink
    from ..models.bio_social import BioSocial


T = TypeVar("T", bound="PublicBioPage")


@_attrs_define
class PublicBioPage:
    """
    Attributes:
        avatar_url (None | str):
        description (str):
        display_name (str):
        language (str):
        links (list[BioLink]):
        page_url (str):
        socials (list[BioSocial]):
        theme (str):
        username (str):
    """

    avatar_url: None | str
    description: str
    display_name: str
    language: str
    links: list[BioLink]
    page_url: str
    socials: list[BioSocial]
    theme: str
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        avatar_url: None | str
        avatar_url = self.avatar_url

        description = self.description

        display_name = self.display_name

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

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "avatarUrl": avatar_url,
                "description": description,
                "displayName": display_name,
                "language": language,
                "links": links,
                "pageUrl": page_url,
                "socials": socials,
                "theme": theme,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bio_link import BioLink  # noqa: PLC0415
        from ..models.bio_social import BioSocial  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_avatar_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        avatar_url = _parse_avatar_url(d.pop("avatarUrl"))

        description = d.pop("description")

        display_name = d.pop("displayName")

        language = d.pop("language")

        links = []
        _links = d.pop("links")
        for links_item_data in _links:
            links_item = BioLink.from_dict(links_item_data)

            links.append(links_item)

        page_url = d.pop("pageUrl")

        socials = []
        _socials = d.pop("socials")
        for socials_item_data in _socials:
            socials_item = BioSocial.from_dict(socials_item_data)

            socials.append(socials_item)

        theme = d.pop("theme")

        username = d.pop("username")

        public_bio_page = cls(
            avatar_url=avatar_url,
            description=description,
            display_name=display_name,
            language=language,
            links=links,
            page_url=page_url,
            socials=socials,
            theme=theme,
            username=username,
        )

        public_bio_page.additional_properties = d
        return public_bio_page

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
