from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.generate_request_channels_type_0_item import (
    GenerateRequestChannelsType0Item,
    check_generate_request_channels_type_0_item,
)
from ..models.generate_request_generator import GenerateRequestGenerator, check_generate_request_generator
from ..models.generate_request_tone import GenerateRequestTone, check_generate_request_tone
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.utm import Utm


T = TypeVar("T", bound="GenerateRequest")


@_attrs_define
class GenerateRequest:
    """
    Attributes:
        channels (list[GenerateRequestChannelsType0Item] | None | Unset):
        generator (GenerateRequestGenerator | Unset):  Default: 'auto'.
        language (str | Unset): BCP 47 language tag, e.g. `en`, `de`, `pt-BR`. Default: 'en'.
        tone (GenerateRequestTone | Unset):  Default: 'friendly'.
        utm (None | Unset | Utm):
    """

    channels: list[GenerateRequestChannelsType0Item] | None | Unset = UNSET
    generator: GenerateRequestGenerator | Unset = "auto"
    language: str | Unset = "en"
    tone: GenerateRequestTone | Unset = "friendly"
    utm: None | Unset | Utm = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.utm import Utm  # noqa: PLC0415

        channels: list[str] | None | Unset
        if isinstance(self.channels, Unset):
            channels = UNSET
        elif isinstance(self.channels, list):
            channels = []
            for channels_type_0_item_data in self.channels:
                channels_type_0_item: str = channels_type_0_item_data
                channels.append(channels_type_0_item)

        else:
            channels = self.channels

        generator: str | Unset = UNSET
        if not isinstance(self.generator, Unset):
            generator = self.generator

        language = self.language

        tone: str | Unset = UNSET
        if not isinstance(self.tone, Unset):
            tone = self.tone

        utm: dict[str, Any] | None | Unset
        if isinstance(self.utm, Unset):
            utm = UNSET
        elif isinstance(self.utm, Utm):
            utm = self.utm.to_dict()
        else:
            utm = self.utm

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if channels is not UNSET:
            field_dict["channels"] = channels
        if generator is not UNSET:
            field_dict["generator"] = generator
        if language is not UNSET:
            field_dict["language"] = language
        if tone is not UNSET:
            field_dict["tone"] = tone
        if utm is not UNSET:
            field_dict["utm"] = utm

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.utm import Utm  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_channels(data: object) -> list[GenerateRequestChannelsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                channels_type_0 = []
                _channels_type_0 = data
                for channels_type_0_item_data in _channels_type_0:
                    channels_type_0_item = check_generate_request_channels_type_0_item(channels_type_0_item_data)

                    channels_type_0.append(channels_type_0_item)

                return channels_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[GenerateRequestChannelsType0Item] | None | Unset, data)

        channels = _parse_channels(d.pop("channels", UNSET))

        _generator = d.pop("generator", UNSET)
        generator: GenerateRequestGenerator | Unset
        if isinstance(_generator, Unset):
            generator = UNSET
        else:
            generator = check_generate_request_generator(_generator)

        language = d.pop("language", UNSET)

        _tone = d.pop("tone", UNSET)
        tone: GenerateRequestTone | Unset
        if isinstance(_tone, Unset):
            tone = UNSET
        else:
            tone = check_generate_request_tone(_tone)

        def _parse_utm(data: object) -> None | Unset | Utm:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                utm_type_0 = Utm.from_dict(data)

                return utm_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | Utm, data)

        utm = _parse_utm(d.pop("utm", UNSET))

        generate_request = cls(
            channels=channels,
            generator=generator,
            language=language,
            tone=tone,
            utm=utm,
        )

        return generate_request
