package web

import (
	"context"
	"errors"
	"maps"
	"slices"
	"sync"
	"time"
)

// This file implements the store of tables: the interface a server backs with its database,
// the record it keeps of each table, and the in-memory default.

// ErrNotFound is returned by a [Store] for an id it does not hold.
var ErrNotFound = errors.New("no such table")

// A Record is what a [Store] keeps of one table: everything needed to serve it again after a
// restart. Secrets are kept only as their SHA-256 hashes, so a copy of the store does not seat
// its reader. The zero Record is no table.
type Record struct {
	ID string // the table's id, as in its URL
	// Text is the table's text form ([table.Table.MarshalText]): setup, seats, seed and
	// every move.
	Text string
	// Seats holds the hex SHA-256 hash of each seat's secret; "" for a computer seat and
	// for a person's seat nobody has taken yet.
	Seats [2]string
	// Invite is the hex SHA-256 hash of the invitation to the open seat; "" once it is taken.
	Invite string
	// Public reports whether the open seat is listed in the lobby; PublicInvite is then the
	// invitation itself, which the lobby shows to anyone, until the seat is taken.
	Public       bool
	PublicInvite string
	// Owner is the client that created the table, for the per-client quota.
	Owner string
	// UndoBy is the seat that asked to take back its last move, -1 for none; UndoTurn is the
	// turn the request is for.
	UndoBy, UndoTurn int
	// Version counts the table's changes: moves, undos, joins and undo requests.
	Version int64
	// Created and Active are when the table was created and last used.
	Created, Active time.Time
}

// A Store keeps the tables of a [Handler]. The handler writes a table through with Put on
// every change, before it answers the request, and refuses the change (status 500) when Put
// fails, so a durable Store loses no move that a player was told of. It calls List once, in
// [New], to serve the tables again; Get is for servers that look up one record. A Store must
// be safe for concurrent use; the handler calls Put for one table at a time.
type Store interface {
	Get(ctx context.Context, id string) (Record, error) // ErrNotFound for an unknown id
	Put(ctx context.Context, r Record) error            // adds or replaces the record of r.ID
	Delete(ctx context.Context, id string) error        // nil for an unknown id
	List(ctx context.Context) ([]Record, error)         // every record, in any order
}

// MemStore is a [Store] in memory, the default: its tables live as long as the process. The
// zero MemStore is empty and ready to use; it is safe for concurrent use and must not be
// copied after first use. Each call costs O(1), List O(n).
type MemStore struct {
	mu sync.Mutex
	m  map[string]Record
}

// Get returns the record of id, or ErrNotFound.
func (s *MemStore) Get(_ context.Context, id string) (Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.m[id]
	if !ok {
		return Record{}, ErrNotFound
	}
	return r, nil
}

// Put adds or replaces the record of r.ID.
func (s *MemStore) Put(_ context.Context, r Record) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = make(map[string]Record)
	}
	s.m[r.ID] = r
	return nil
}

// Delete removes the record of id, if any.
func (s *MemStore) Delete(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, id)
	return nil
}

// List returns every record, ordered by id.
func (s *MemStore) List(context.Context) ([]Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ids := slices.Sorted(maps.Keys(s.m))
	rs := make([]Record, 0, len(ids))
	for _, id := range ids {
		rs = append(rs, s.m[id])
	}
	return rs, nil
}
