"""Which way packs travel: round 1 to the left (seat i to seat i+1), round 2 to the right,
round 3 to the left again (rulebook 7), and so on alternating for longer drafts."""


def pass_direction(round_number: int) -> int:
    """+1 (left) for odd rounds, -1 (right) for even rounds; rounds count from 1."""
    if round_number < 1:
        raise ValueError("Rounds count from 1.")
    return 1 if round_number % 2 == 1 else -1


def next_seat(seat: int, round_number: int, seats: int) -> int:
    """The seat that receives the pack ``seat`` passes in this round."""
    return (seat + pass_direction(round_number)) % seats


def previous_seat(seat: int, round_number: int, seats: int) -> int:
    """The seat that passes its packs to ``seat`` in this round."""
    return (seat - pass_direction(round_number)) % seats
