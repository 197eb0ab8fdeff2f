package web

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// This file implements DirStore, a durable Store of one file per table.

// DirStore is a durable [Store] that keeps each table in the file Dir/<id>.json. Put writes
// a new file, syncs it and renames it over the old one, then syncs the directory, so that a
// crash or a kill leaves the old record or the new one, never a torn one: with it a game
// survives kill -9 from its last move. Each Put costs two fsyncs; List reads every file. The
// zero DirStore keeps its files in the current directory. A DirStore is safe for concurrent
// use, as long as one process uses Dir; it does not create Dir.
type DirStore struct {
	Dir string
}

// path returns the file of id, or an error for an id that is not a table's.
func (s DirStore) path(id string) (string, error) {
	if id == "" || len(id) > 64 || strings.Trim(id, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-") != "" {
		return "", ErrNotFound
	}
	return filepath.Join(s.Dir, id+".json"), nil
}

// Get returns the record of id, or ErrNotFound.
func (s DirStore) Get(_ context.Context, id string) (Record, error) {
	p, err := s.path(id)
	if err != nil {
		return Record{}, err
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return Record{}, ErrNotFound
	}
	if err != nil {
		return Record{}, err
	}
	var r Record
	err = json.Unmarshal(data, &r)
	return r, err
}

// Put writes the record of r.ID durably: a temporary file, synced and renamed over the old
// one, then the directory synced.
func (s DirStore) Put(_ context.Context, r Record) error {
	p, err := s.path(r.ID)
	if err != nil {
		return err
	}
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(s.Dir, ".put-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // fails once renamed
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), p); err != nil {
		return err
	}
	return s.syncDir()
}

// syncDir syncs the directory, so that a rename in it is durable.
func (s DirStore) syncDir() error {
	d, err := os.Open(cmp.Or(s.Dir, "."))
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// Delete removes the record of id, if any.
func (s DirStore) Delete(_ context.Context, id string) error {
	p, err := s.path(id)
	if err != nil {
		return nil
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// List returns the record of every file Dir/<id>.json. It returns an error naming a file that
// does not read as a record.
func (s DirStore) List(ctx context.Context) ([]Record, error) {
	es, err := os.ReadDir(cmp.Or(s.Dir, "."))
	if err != nil {
		return nil, err
	}
	var rs []Record
	for _, e := range es {
		id, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || e.IsDir() {
			continue
		}
		r, err := s.Get(ctx, id)
		if err != nil {
			return nil, errors.New("web: cannot read " + filepath.Join(s.Dir, e.Name()) + ": " + err.Error())
		}
		rs = append(rs, r)
	}
	return rs, nil
}
