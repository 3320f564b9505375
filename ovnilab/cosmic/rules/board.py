"""Where things are and who is who: planets and colonies, the roles of the current
encounter, the alien powers' hooks, and ships moving between colonies, gate and warp.

Ships are one flat list ``ships[p * n + seat]``; ``gate`` and ``side`` count the ships a
seat has in the encounter (on the hyperspace gate, beside the target planet), with the
planet each came from in ``gate_from`` and ``side_from``.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..aliens import POWERS
from .components import DEF, OFF, R_DEF_ALLY, R_DEFENSE, R_NONE, R_OFF_ALLY, R_OFFENSE


class BoardMixin:
    """State's queries about the board and the roles, and the moves of ships."""

    # ------------------------------------------------------------- planets, roles, powers
    def planet(self, name: str) -> int:
        """The planet id of a name such as ``"blue 3"``."""
        p = self.pindex.get(" ".join(name.split()).lower())
        if p is None:
            raise ValueError(f"no planet {name!r} in this game: its planets are {', '.join(self.colours)} "
                             f"1 to {self.np} (named like {self.pname[0]!r})")
        return p

    def colony(self, seat: int, p: int) -> bool:
        """Whether ``seat`` has a colony (one or more ships) on planet ``p``."""
        return self.ships[p * self.n + seat] > 0

    def colonies(self, seat: int) -> list[int]:
        """The planets where ``seat`` has a colony: home planets first, then foreign ones
        in planet order."""
        col = self.ships[seat::self.n]
        return [p for p in self._planets[seat] if col[p]]

    def home_colonies(self, seat: int) -> int:
        """Home planets where ``seat`` has a colony (the power needs three; two with four
        planets)."""
        n, k = self.n, self.np
        b = k * seat
        return k - self.ships[b * n + seat:(b + k) * n:n].count(0)

    def foreign_colonies(self, seat: int) -> int:
        """Colonies on planets of other players' systems (five win; four with four planets)."""
        col = self.ships[seat::self.n]
        k = self.np
        b = k * seat
        return len(col) - col.count(0) - k + col[b:b + k].count(0)

    def ships_on_colonies(self, seat: int) -> int:
        """Ships of ``seat`` on planets (not in the warp or in the encounter)."""
        return sum(self.ships[seat::self.n])

    def power_active(self, seat: int) -> bool:
        """Whether ``seat``'s alien power works now (rulebook: three home colonies, two
        with four planets: ``power_at``; not cancelled by a Cosmic Zap this encounter)."""
        if not self.power_sets[seat]:
            return False
        if ("zap", seat) in self.eflags:
            return False
        if not self.power_lost(seat):
            return True
        # a power lost by the event under way still applies to that event (see
        # _losing_ships): Zombie's ships lost with its third home colony go home
        return ("losing", seat) in self.eflags

    _power_on = power_active

    def power_lost(self, seat: int) -> bool:
        """Whether ``seat`` has lost its power for too few home colonies (rulebook: fewer
        than three); a power with ``keeps_power`` (Masochist) is never lost so."""
        p = self.powers[seat]
        return (self.home_colonies(seat) < self.power_at
                and not (p is not None and p.keeps_power))

    def role(self, seat: int) -> int:
        """Role of ``seat`` in the current encounter (``R_*`` constants)."""
        if seat == self.offense:
            return R_OFFENSE
        if seat == self.defender:
            return R_DEFENSE
        if seat in self.allies[0]:
            return R_OFF_ALLY
        if seat in self.allies[1]:
            return R_DEF_ALLY
        return R_NONE

    def side_of(self, seat: int) -> int:
        """OFF or DEF for main players and allies, -1 for others."""
        r = self.role(seat)
        if r in (R_OFFENSE, R_OFF_ALLY):
            return OFF
        if r in (R_DEFENSE, R_DEF_ALLY):
            return DEF
        return -1

    def main(self, side: int) -> int:
        """The main player of a side (OFF: the offense, DEF: the defense)."""
        return self.offense if side == OFF else self.defender

    def opponent(self, seat: int) -> int:
        """The other main player of a main player (-1 otherwise)."""
        if seat == self.offense:
            return self.defender
        if seat == self.defender:
            return self.offense
        return -1

    def _role_ok(self, seat: int, roles: Sequence[str]) -> bool:
        r = self.role(seat)
        for want in roles:
            if want == "any":
                return True
            if want == "main" and r in (R_OFFENSE, R_DEFENSE):
                return True
            if want == "offense" and r == R_OFFENSE:
                return True
            if want == "defense" and r == R_DEFENSE:
                return True
            if want == "ally" and r in (R_OFF_ALLY, R_DEF_ALLY):
                return True
            if want == "not_main" and r not in (R_OFFENSE, R_DEFENSE):
                return True
        return False

    def _hook(self, name: str) -> list[tuple[int, Callable]]:
        """Seats whose active power defines hook ``name`` and whose role fits it now,
        after the seats that played a flare with that hook this encounter."""
        entries = self.hooked.get(name)
        out = [(s, fn) for s, fn, roles in entries if self._power_on(s) and self._role_ok(s, roles)] if entries else []
        if ("fx",) in self.eflags:
            out = self._flare_hooks(name) + out
        return out

    def _flare_hooks(self, name: str) -> list[tuple[int, Callable]]:
        """The hooks ``name`` of the flare sides played this encounter (``("fx", seat,
        alien, side)`` in ``eflags``), by seat then alien: they last until its end."""
        out = []
        for k in sorted(k for k in self.eflags if k[0] == "fx" and len(k) == 4):
            fn = getattr(POWERS[k[2]], k[3]).hooks.get(name)
            if fn is not None:
                out.append((k[1], fn))
        return out

    def has_power(self, seat: int, alien: str) -> bool:
        """Whether ``seat`` uses ``alien``'s power (its own, an incarnation, a lent one)
        and its powers work now."""
        return self.holds_power(seat, alien) and self._power_on(seat)

    def seat_of(self, alien: str) -> int:
        """The seat playing ``alien`` (-1 when nobody)."""
        for s, a in enumerate(self.alien):
            if a == alien:
                return s
        return -1

    def order_from(self, first: int) -> tuple[int, ...]:
        """All seats clockwise starting at ``first``."""
        return self._orders[first]

    def _hook_seat(self, name: str, seat: int) -> bool:
        return any(s == seat for s, _ in self._hook(name))


    # ------------------------------------------------------------- ships
    def _sources(self, seat: int, exclude: int = -1) -> list[int]:
        """Planets ``seat`` may take a ship from: its colonies, keeping one ship on each
        (rulebook reading; see ``Rules.may_abandon_colonies``)."""
        col = self.ships[seat::self.n]
        keep = 0 if self.rules.may_abandon_colonies else 1
        return [p for p in self._planets[seat] if col[p] > keep and p != exclude]

    def _has_source(self, seat: int, exclude: int = -1) -> bool:
        keep = 0 if self.rules.may_abandon_colonies else 1
        col = self.ships[seat::self.n]
        for p, x in enumerate(col):
            if x > keep and p != exclude:
                return True
        return False

    def _max_ships(self, seat: int) -> int:
        hi = self.rules.max_ships
        if ("flag", seat, "parasite_any") in self.eflags:
            hi = self.nships
        for s, fn in self._hook("max_ships"):
            if s == seat:
                hi = fn(self, seat, hi)
        return hi

    def _ship_value(self, seat: int, use: str) -> int:
        """What one ship of ``seat`` counts for ``use`` ("total", "compensation",
        "rewards"): 1, unless a power says otherwise (Macron)."""
        for s, fn in self._hook("ship_value"):
            if s == seat:
                return fn(self, seat, use)
        return 1

    def _return_home(self, owner: int, origins: Sequence[int]) -> None:
        """Ships return to colonies: each to the planet it came from while that is still a
        colony, otherwise to the owner's first colony (home planets first)."""
        n, sh = self.n, self.ships
        for p in origins:
            if p >= 0 and sh[p * n + owner] > 0:
                sh[p * n + owner] += 1
                continue
            cols = self.colonies(owner)
            if cols:
                sh[cols[0] * n + owner] += 1
            elif p >= 0:
                sh[p * n + owner] += 1
            else:
                sh[self.np * owner * n + owner] += 1

    def _losing_ships(self, owner: int) -> None:
        """``owner``'s ships are about to leave its colonies for the warp: until they
        have gone (``_warp_ships``) its power counts as it was, so a power lost when the
        third home colony falls still applies to that loss. The rulebook's "the loss is
        immediate" takes effect once the event is over; the FFG forum's ruling on
        Zombie: a defending Zombie that loses is removed from the planet and its ships
        then return to its other colonies (issue 13)."""
        if not self.rules.before_issue_13 and self._power_on(owner):
            self.eflags.add(("losing", owner))

    def removable(self, owner: int) -> int:
        """How many more of ``owner``'s ships may be removed from the game: FFG effects
        never take a player below as many ships as the foreign colonies that win
        (REFERENCE, "the void")."""
        return max(0, self.nships - self.win_at - self.removed[owner])

    def _remove_ships(self, owner: int, k: int) -> int:
        """Up to ``k`` of ``owner``'s ships (already taken from where they were) are
        removed from the game, as far as the limit allows; then powers that react to it
        (Healer). Returns how many were removed (the rest is the caller's)."""
        k = min(k, self.removable(owner))
        if k > 0:
            self.removed[owner] += k
            for seat, fn in self._hook("after_removed"):
                fn(self, seat, owner, k)
        return max(k, 0)

    def _warp_ships(self, owner: int, origins: Sequence[int], side: int = -1) -> int:
        """Ships (already taken from where they were) go to the warp: first the powers
        that remove them from the game instead (Void; over the limit they go on to the
        warp), then unless a power saves them (Zombie, Observer); then powers that react
        to losses (Vacuum). Returns how many were removed from the game."""
        k = len(origins)
        if k == 0:
            self.eflags.discard(("losing", owner))
            return 0
        # Void acts before any other effect on ships heading to the warp (the Cosmodex
        # applying an FAQ ruling: Zombie cannot save them)
        gone = 0
        for seat, fn in self._hook("remove"):
            gone = max(gone, fn(self, seat, owner, k, side))
        gone = self._remove_ships(owner, min(gone, k)) if gone else 0
        if gone:
            origins = list(origins)[gone:]
            k -= gone
            if k == 0:
                self.eflags.discard(("losing", owner))
                return gone
        saved = 0
        for seat, fn in self._hook("to_warp"):
            saved = max(saved, fn(self, seat, owner, k, side))
        if saved < k and ("flag", owner, "save_one") in self.eflags:
            self.eflags.discard(("flag", owner, "save_one"))
            saved += 1
        saved = min(saved, k)
        if saved:
            self._return_home(owner, list(origins)[:saved])
        rest = k - saved
        if rest:
            self.warp[owner] += rest
            for seat, fn in self._hook("after_warp"):
                fn(self, seat, owner, rest)
        self.eflags.discard(("losing", owner))
        return gone

    def _lose_from_colonies(self, seat: int, k: int, chooser: int | None = None,
                            exclude: tuple[int, ...] = ()) -> None:
        """``seat`` loses ``k`` ships from its colonies to the warp; ``chooser`` (default
        the owner) picks them one at a time; planets in ``exclude`` cannot pay (ships in
        the encounter: Gambler's losses come from outside it)."""
        if k > 0:
            t = ("lose", seat, k, seat if chooser is None else chooser, ())
            self._push(t + (exclude,) if exclude else t)

    def _send_home(self, seat: int) -> None:
        """An ally's (or the offense's) ships in the encounter return to colonies."""
        if self.gate[seat]:
            origins = self.gate_from[seat]
            self.gate[seat] = 0
            self.gate_from[seat] = []
            self._return_home(seat, origins)
        if self.side[seat]:
            origins = self.side_from[seat]
            self.side[seat] = 0
            self.side_from[seat] = []
            self._return_home(seat, origins)
