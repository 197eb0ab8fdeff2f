package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/octalgames/kayles/web"
	bolt "go.etcd.io/bbolt"
)

// This file implements the web.Store of the command: the tables' records in a bbolt database.

// batchDelay is the longest a Put waits for others to share its sync. bbolt's default, 10 ms,
// would slow every move of a quiet server; with 2 ms, 100 clients playing at once see half
// the p99 latency of a sync per Put (BENCHMARKS.md, "The web server under load").
const batchDelay = 2 * time.Millisecond

// tablesBucket is the bucket that holds each table's record, as JSON, under its id.
var tablesBucket = []byte("tables")

// boltStore is a durable web.Store in a bbolt database file. Each Put is written and synced
// before it returns, so a table that the handler wrote survives kill -9. Puts that come at
// once (many tables played at the same time) share one transaction and one sync: bbolt's
// Batch, which waits up to batchDelay for company. bbolt locks the file, so a second server
// on the same file fails to start rather than share it. It is safe for concurrent use.
type boltStore struct {
	db *bolt.DB
}

// openBoltStore opens the database file path, creating it and its bucket if missing. It
// fails after a second if another process holds the file.
func openBoltStore(path string) (*boltStore, error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(tablesBucket)
		return err
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	db.MaxBatchDelay = batchDelay
	return &boltStore{db: db}, nil
}

// Close closes the database.
func (s *boltStore) Close() error { return s.db.Close() }

// Get returns the record of id, or web.ErrNotFound.
func (s *boltStore) Get(_ context.Context, id string) (web.Record, error) {
	var r web.Record
	err := s.db.View(func(tx *bolt.Tx) error {
		data := tx.Bucket(tablesBucket).Get([]byte(id))
		if data == nil {
			return web.ErrNotFound
		}
		return json.Unmarshal(data, &r)
	})
	return r, err
}

// Put adds or replaces the record of r.ID, durably. Its function may run twice (bbolt runs
// it again alone when another in its batch fails), which a Put of the same bytes allows.
func (s *boltStore) Put(_ context.Context, r web.Record) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return s.db.Batch(func(tx *bolt.Tx) error {
		return tx.Bucket(tablesBucket).Put([]byte(r.ID), data)
	})
}

// Delete removes the record of id, if any.
func (s *boltStore) Delete(_ context.Context, id string) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(tablesBucket).Delete([]byte(id))
	})
}

// List returns every record, ordered by id. It returns an error naming a record that does not
// read.
func (s *boltStore) List(context.Context) ([]web.Record, error) {
	var rs []web.Record
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(tablesBucket).ForEach(func(k, v []byte) error {
			var r web.Record
			if err := json.Unmarshal(v, &r); err != nil {
				return fmt.Errorf("table %q: %w", k, err)
			}
			rs = append(rs, r)
			return nil
		})
	})
	return rs, err
}
