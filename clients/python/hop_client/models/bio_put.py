from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bio_put_theme import BioPutTheme, check_bio_put_theme
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bio_link_in import BioLinkIn
    from ..models.bio_social_in import BioSocialIn


T = TypeVar("T", bound="BioPut")


@_attrs_define
class BioPut:
    """
    Attributes:
        display_name (str):
        username (str): 3-30 of a-z 0-9 _ . (unique per environment; reserved words refused). A deleted or renamed
            page's name stays reserved for its owner for HOP_CODE_RESERVATION_DAYS.
        avatar_url (None | str | Unset):
        description (str | Unset):  Default: ''.
        language (str | Unset): Page language. Default: 'en'.
        links (list[BioLinkIn] | Unset):
        socials (list[BioSocialIn] | Unset):
        theme (BioPutTheme | Unset):  Default: 'light'.
    """

    display_name: str
    username: str
    avatar_url: None | str | Unset = UNSET
    description: str | Unset = ""
    language: str | Unset = "en"
    links: list[BioLinkIn] | Unset = UNSET
    socials: list[BioSocialIn] | Unset = UNSET
    theme: BioPutTheme | Unset = "light"

    def to_dict(self) -> dict[str, Any]:
        display_name = self.display_name

        username = self.username

        avatar_url: None | str | Unset
        if isinstance(self.avatar_url, Unset):
            avatar_url = UNSET
        else:
            avatar_url = self.avatar_url

        description = self.description

        language = self.language

        links: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.links, Unset):
            links = []
            for links_item_data in self.links:
                links_item = links_item_data.to_dict()
                links.append(links_item)

        socials: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.socials, Unset):
            socials = []
            for socials_item_data in self.socials:
                socials_item = socials_item_data.to_dict()
                socials.append(socials_item)

        theme: str | Unset = UNSET
        if not isinstance(self.theme, Unset):
            theme = self.theme

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "displayName": display_name,
                "username": username,
            }
        )
        if avatar_url is not UNSET:
            field_dict["avatarUrl"] = avatar_url
        if description is not UNSET:
            field_dict["description"] = description
        if language is not UNSET:
            field_dict["language"] = language
        if links is not UNSET:
            field_dict["links"] = links
        if socials is not UNSET:
            field_dict["socials"] = socials
        if theme is not UNSET:
            field_dict["theme"] = theme

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bio_link_in import BioLinkIn  # noqa: PLC0415
        from ..models.bio_social_in import BioSocialIn  # noqa: PLC0415

        d = dict(src_dict)
        display_name = d.pop("displayName")

        username = d.pop("username")

        def _parse_avatar_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        avatar_url = _parse_avatar_url(d.pop("avatarUrl", UNSET))

        description = d.pop("description", UNSET)

        language = d.pop("language", UNSET)

        _links = d.pop("links", UNSET)
        links: list[BioLinkIn] | Unset = UNSET
        if _links is not UNSET:
            links = []
            for links_item_data in _links:
                links_item = BioLinkIn.from_dict(links_item_data)

                links.append(links_item)

        _socials = d.pop("socials", UNSET)
        socials: list[BioSocialIn] | Unset = UNSET
        if _socials is not UNSET:
            socials = []
            for socials_item_data in _socials:
                socials_item = BioSocialIn.from_dict(socials_item_data)

                socials.append(socials_item)

        _theme = d.pop("theme", UNSET)
        theme: BioPutTheme | Unset
        if isinstance(_theme, Unset):
            theme = UNSET
        else:
            theme = check_bio_put_theme(_theme)

        bio_put = cls(
            display_name=display_name,
            username=username,
            avatar_url=avatar_url,
            description=description,
            language=language,
            links=links,
            socials=socials,
            theme=theme,
        )

        return bio_put
