"""Input and output shapes of the decks API."""

from rest_framework import serializers

from decks.selectors import card_info


class DeckFormatOut(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()


class GameFormatsOut(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    formats = DeckFormatOut(many=True)
    entries_per_match = serializers.ListField(
        child=serializers.IntegerField(), required=False, help_text="Entries a match may have."
    )
    team_sizes = serializers.ListField(
        child=serializers.IntegerField(), required=False, help_text="Players an entry may have."
    )
    jokers = serializers.BooleanField(required=False)
    on_engine = serializers.BooleanField(required=False, help_text="The engine plays it.")
    time_facts = serializers.CharField(
        required=False, help_text="What decides a game at time, in the game's words."
    )


class CatalogCardOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    code = serializers.CharField()
    type = serializers.CharField()
    subtype = serializers.CharField()
    border = serializers.CharField()
    factions = serializers.SerializerMethodField()
    cost = serializers.IntegerField(allow_null=True)
    stats = serializers.DictField()
    keywords = serializers.ListField(child=serializers.CharField())
    text = serializers.CharField()
    set = serializers.CharField(source="card_set.code")

    def get_factions(self, card) -> list[str]:
        return list(card_info(card).factions)


class CardCountIn(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    count = serializers.IntegerField(min_value=1, max_value=999)


class DeckListIn(serializers.Serializer):
    """A deck list: `cards` [{name, count}] or plain `text` (one `N Card Name` per line)."""

    cards = CardCountIn(many=True, required=False)
    text = serializers.CharField(required=False, allow_blank=True, max_length=20000)
    fortresses = serializers.ListField(
        child=serializers.CharField(max_length=200), required=False, max_length=4
    )

    def validate(self, attrs):
        if not attrs.get("cards") and not attrs.get("text"):
            raise serializers.ValidationError(
                {"cards": ["Give the deck as cards [{name, count}] or as text."]}
            )
        if attrs.get("cards") and attrs.get("text"):
            raise serializers.ValidationError(
                {"text": ["Give the deck as cards or as text, not both."]}
            )
        return attrs


class ValidateIn(DeckListIn):
    game = serializers.CharField(max_length=40)
    format = serializers.CharField(max_length=40)
    pool = serializers.IntegerField(required=False, allow_null=True)
    jokers = serializers.BooleanField(required=False, help_text="Combat: the event allows Jokers.")
    options = serializers.DictField(
        required=False,
        help_text="The event's format options, e.g. Rune Duel {min_size, max_size, copy_limit}.",
    )


class ProblemOut(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    card = serializers.CharField(allow_null=True)
    count = serializers.IntegerField(allow_null=True)
    limit = serializers.IntegerField(allow_null=True)
    suggestions = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="unknown_card only: the closest card names, best first.",
    )


class AdviceOut(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()


class ValidationOut(serializers.Serializer):
    valid = serializers.BooleanField()
    problems = ProblemOut(many=True)
    advice = AdviceOut(many=True)
    summary = serializers.DictField()


class DeckIn(DeckListIn):
    game = serializers.CharField(max_length=40)
    format = serializers.CharField(max_length=40)
    name = serializers.CharField(max_length=120)
    pool = serializers.IntegerField(required=False, allow_null=True)


class DeckUpdateIn(DeckListIn):
    """Only what is sent changes; `fortresses` alone replaces the fortresses, keeping the deck."""

    name = serializers.CharField(max_length=120, required=False)
    format = serializers.CharField(max_length=40, required=False)

    def validate(self, attrs):
        if "cards" in attrs or "text" in attrs:
            return super().validate(attrs)  # an empty list or both: say how to write one
        return attrs


class DeckCardOut(serializers.Serializer):
    card = serializers.IntegerField(source="card_id")
    name = serializers.CharField(source="card.name")
    count = serializers.IntegerField()
    section = serializers.CharField()


class DeckOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField(source="game.slug")
    format = serializers.CharField()
    owner = serializers.IntegerField(source="owner_id")
    pool = serializers.IntegerField(source="pool_id", allow_null=True)
    hash = serializers.CharField()
    cards = DeckCardOut(many=True, source="cards.all")
    updated_at = serializers.DateTimeField()


class RegisterIn(serializers.Serializer):
    deck = serializers.IntegerField()


class RegistrationOut(serializers.Serializer):
    entry = serializers.IntegerField(source="entry_id")
    deck = serializers.IntegerField(source="deck_id")
    locked_at = serializers.DateTimeField(allow_null=True)
    locked_hash = serializers.CharField()


class DeckRegisteredOut(RegistrationOut):
    """The registration, and whether the deck is legal in the event right now."""

    valid = serializers.BooleanField()
    problems = ProblemOut(many=True)


class CardSetImportIn(serializers.Serializer):
    game = serializers.CharField(max_length=40)
    code = serializers.CharField(max_length=20)
    name = serializers.CharField(max_length=160)
    format = serializers.ChoiceField(choices=["json", "csv"])
    # Below Django's 2.5 MB request body limit (DATA_UPLOAD_MAX_MEMORY_SIZE), so the limit
    # the schema states is the one that applies; bigger files go through `import_cards`.
    content = serializers.CharField(
        max_length=2_000_000, help_text="The file's text; larger files: manage.py import_cards."
    )


class CardSetOut(serializers.Serializer):
    id = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    cards = serializers.IntegerField(source="cards.count")
    visibility = serializers.CharField()


class EventCardSetsIn(serializers.Serializer):
    card_sets = serializers.ListField(
        child=serializers.IntegerField(min_value=1), max_length=50, allow_empty=True
    )


class DeckRulesIn(serializers.Serializer):
    options = serializers.DictField(
        help_text="The format's configurable options, e.g. Rune Duel "
        "{min_size, max_size, copy_limit, type_copy_limits}; {} restores the defaults."
    )


class DeckRulesOut(serializers.Serializer):
    game = serializers.CharField()
    format = serializers.CharField()
    options = serializers.DictField()
    rules = serializers.DictField(allow_null=True)
