"""A move's statements sent together: one round trip per group on PostgreSQL.

Why: a move reads three things under the game's lock and writes four or five rows. Sent one
by one, each statement waits for a PostgreSQL backend; on a busy machine that wait costs more
than the statement, and the ORM compiles every query afresh. Here a group of statements goes
out in psycopg's pipeline mode and its results come back together (the reads: one round trip
after the BEGIN; the writes, and the COMMIT when the move's transaction is the outermost one:
one more). On SQLite (the embedded run, in process, no round trips) the same statements run one
after the other through the same cursor calls.

`Reads` holds querysets compiled once per connection (the SQL, and the ORM's converters that
turn a row into an instance); `Writes` queues INSERTs and UPDATEs built from the models'
fields (`get_db_prep_save`, so JSON, dates and durations are stored as the ORM stores them).
Nothing here decides anything: `games.access` and `games.services.moves` say what to read and
write.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Model, QuerySet


def _pipelined() -> bool:
    if connection.vendor != "postgresql":
        return False
    from psycopg import Pipeline

    return Pipeline.is_supported()


@contextmanager
def together() -> Iterator[None]:
    """Statements executed inside go to the server together and their results come back at
    the end of the block (PostgreSQL); elsewhere each runs when executed. Fetch results only
    after the block."""
    if not _pipelined():
        yield
        return
    connection.ensure_connection()
    # An error of a queued statement surfaces when the group is sent, as Django's error type.
    with connection.wrap_database_errors, connection.connection.pipeline():
        yield


# ---------------------------------------------------------------- reads


class _Compiled:
    """One queryset's SQL with the positions of its arguments, compiled for one connection."""

    def __init__(self, make: Callable[..., QuerySet], markers: Sequence[Any], wrapper) -> None:
        queryset = make(*markers)
        self.model = queryset.model
        self.compiler = queryset.query.get_compiler(connection=wrapper)
        self.sql, params = self.compiler.as_sql()
        # Each argument's place among the compiled parameters (the markers are unique values;
        # a text field's argument comes back as the marker's text).
        self.slots = [next(i for i, m in enumerate(markers) if str(m) == str(p)) for p in params]
        select = self.compiler.select
        # How a row's values become Python values (JSON, dates, ...), worked out once.
        self.converters = self.compiler.get_converters(
            [column[0] for column in select[: self.compiler.col_count]]
        )
        klass_info = self.compiler.klass_info
        self.fields = self._fields(select, klass_info)
        # One level of select_related: (model, its columns, local setter, remote setter).
        self.related = [
            (
                info["model"],
                self._fields(select, info),
                info["local_setter"],
                info["remote_setter"],
            )
            for info in klass_info.get("related_klass_infos", ())
        ]

    @staticmethod
    def _fields(select, info) -> tuple[list[int], list[str]]:
        indexes = list(info["select_fields"])
        return indexes, [select[i][0].target.attname for i in indexes]

    def params(self, args: Sequence[Any]) -> list[Any]:
        return [args[slot] for slot in self.slots]

    def instances(self, rows: list[tuple]) -> list[Model]:
        alias = connection.alias
        indexes, attnames = self.fields
        out = []
        converted = (
            self.compiler.apply_converters(rows, self.converters) if self.converters else rows
        )
        for row in converted:
            obj = self.model.from_db(alias, attnames, [row[i] for i in indexes])
            for model, (rel_indexes, rel_attnames), local_setter, remote_setter in self.related:
                related = model.from_db(alias, rel_attnames, [row[i] for i in rel_indexes])
                local_setter(obj, related)
                remote_setter(related, obj)
            out.append(obj)
        return out


# Markers: values no real argument has, so each compiled parameter is traced to its argument.
MARKERS = (-424242421, -424242422, -424242423, -424242424, -424242425)


class Read:
    """A queryset of fixed shape, `make(*args)`, compiled once per database connection."""

    def __init__(self, make: Callable[..., QuerySet], arity: int) -> None:
        self.make = make
        self.markers = MARKERS[:arity]
        self._compiled: weakref.WeakKeyDictionary[Any, _Compiled] = weakref.WeakKeyDictionary()

    def compiled(self) -> _Compiled:
        wrapper = connections[DEFAULT_DB_ALIAS]
        compiled = self._compiled.get(wrapper)
        if compiled is None:
            compiled = self._compiled[wrapper] = _Compiled(self.make, self.markers, wrapper)
        return compiled


class Reads:
    """Several `Read`s run as one group; `run` returns each one's instances, in order."""

    def __init__(self) -> None:
        self._queued: list[tuple[_Compiled, list[Any]] | None] = []

    def add(self, read: Read, *args: Any) -> None:
        """Queue `read` for `args`. An integer no column can hold (a made-up id in a URL)
        matches nothing, as in the ORM's lookups: that read is not sent and gives no rows."""
        if any(isinstance(arg, int) and not BIGINT_MIN <= arg <= BIGINT_MAX for arg in args):
            self._queued.append(None)
            return
        compiled = read.compiled()
        self._queued.append((compiled, compiled.params(args)))

    def run(self) -> list[list[Any]]:
        cursors = []
        try:
            with together():
                for queued in self._queued:
                    if queued is None:
                        cursors.append(None)
                        continue
                    compiled, params = queued
                    cursor = connection.cursor()
                    cursors.append(cursor)
                    cursor.execute(compiled.sql, params)
            return [
                [] if queued is None else queued[0].instances(cursor.fetchall())
                for queued, cursor in zip(self._queued, cursors, strict=True)
            ]
        finally:
            for cursor in cursors:
                if cursor is not None:
                    cursor.close()


BIGINT_MIN, BIGINT_MAX = -(2**63), 2**63 - 1


# ---------------------------------------------------------------- writes


def _outermost() -> bool:
    """Inside one `atomic` block that is a real transaction (not a savepoint in a test's)."""
    return len(connection.atomic_blocks) == 1 and not connection.savepoint_ids


def _column_values(obj: Model, fields, *, add: bool) -> list[Any]:
    return [f.get_db_prep_save(f.pre_save(obj, add), connection) for f in fields]


class Writes:
    """INSERTs and UPDATEs queued in order, sent as one group by `run`."""

    def __init__(self) -> None:
        self._queued: list[tuple[str, list[Any], Model | None]] = []

    def insert(self, objs: Sequence[Model], *, returning_pk: bool = False) -> None:
        """INSERT `objs` (one model) in one statement; with `returning_pk` (one object) its
        new key is set on it by `run`."""
        if not objs:
            return
        meta = objs[0]._meta
        fields = [f for f in meta.concrete_fields if not f.primary_key]
        quote = connection.ops.quote_name
        row = "(" + ", ".join(["%s"] * len(fields)) + ")"
        # Table and column names from the model's meta, quoted; every value is a parameter.
        sql = (
            f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "  # noqa: S608
            f"VALUES {', '.join([row] * len(objs))}"
        )
        params = [v for obj in objs for v in _column_values(obj, fields, add=True)]
        target = None
        if returning_pk:
            (target,) = objs
            if connection.features.can_return_columns_from_insert:
                sql += f" RETURNING {quote(meta.pk.column)}"
        self._queued.append((sql, params, target))

    def update(self, obj: Model, fields: Sequence[str]) -> None:
        """UPDATE `fields` of `obj`'s row to its attribute values (auto_now fields included)."""
        meta = obj._meta
        concrete = [meta.get_field(name) for name in fields]
        quote = connection.ops.quote_name
        sets = ", ".join(f"{quote(f.column)} = %s" for f in concrete)
        sql = f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {quote(meta.pk.column)} = %s"  # noqa: S608
        self._queued.append((sql, [*_column_values(obj, concrete, add=False), obj.pk], None))

    def run(self, *, commit: bool = False) -> None:
        """Send everything queued. `commit`: end the transaction in the same round trip
        (PostgreSQL; the caller's `transaction.atomic` block must be the outermost one and
        this its last statement, so Django's own COMMIT then finds nothing left to commit)."""
        queued, self._queued = self._queued, []
        commit = commit and _pipelined() and _outermost()
        cursors = []
        try:
            with together() if queued or commit else nullcontext():
                for sql, params, _target in queued:
                    cursor = connection.cursor()
                    cursors.append(cursor)
                    cursor.execute(sql, params)
                if commit:
                    cursor = connection.cursor()
                    cursors.append(cursor)
                    cursor.execute("COMMIT")
            for (_sql, _params, target), cursor in zip(queued, cursors, strict=False):
                if target is not None:
                    if connection.features.can_return_columns_from_insert:
                        target.pk = cursor.fetchone()[0]
                    else:
                        target.pk = cursor.lastrowid
                    target._state.adding = False
        finally:
            for cursor in cursors:
                cursor.close()
