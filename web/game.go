package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"sync"
	"time"

	"github.com/octalgames/kayles/table"
)

// This file implements the games a Handler serves: a table with its seats, its undo request
// and its watchers, and the changes players make to it, each written through to the store.

// A game is one table and what the handler knows of it. Its table changes only under mu, so
// that whatever is read under mu is one consistent snapshot; a computer chooses its move
// outside mu and plays it under mu if the game's version has not changed.
type game struct {
	mu       sync.Mutex
	t        *table.Table
	rec      Record                 // everything but Text, which is written at each put
	thinking bool                   // a computer's move is being chosen
	subs     map[chan struct{}]bool // the open event streams, each told of every change
}

// newSecret returns 16 random bytes in base64url: a seat's secret or an invitation.
func newSecret() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails
	return base64.RawURLEncoding.EncodeToString(b)
}

// newID returns a table id: 8 random bytes in hex.
func newID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// newSeed returns a random seed for the computers of a new table.
func newSeed() uint64 {
	b := make([]byte, 8)
	rand.Read(b)
	return binary.LittleEndian.Uint64(b)
}

// hash returns the hex SHA-256 of a secret, as a Record keeps it.
func hash(secret string) string {
	h := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(h[:])
}

// seatOf returns the seat whose secret is secret, or -1; g is locked. It compares in
// constant time.
func (g *game) seatOf(secret string) int {
	if secret == "" {
		return -1
	}
	h := hash(secret)
	for i, s := range g.rec.Seats {
		if s != "" && subtle.ConstantTimeCompare([]byte(s), []byte(h)) == 1 {
			return i
		}
	}
	return -1
}

// computerToMove reports whether a computer seat is to move in a game that goes on; g is
// locked.
func (g *game) computerToMove() bool {
	_, over := g.t.Winner()
	return !over && g.t.Seat(g.t.Player()) != table.Human
}

// record returns the record of g to store; g is locked.
func (g *game) record() Record {
	r := g.rec
	text, _ := g.t.MarshalText() // never fails
	r.Text = string(text)
	return r
}

// commit counts a change of g, writes g through to the store and tells its watchers; g is
// locked. When the store fails it puts back the version, calls revert, which undoes the
// change to the table and the record, and returns errStore.
func (h *Handler) commit(ctx context.Context, g *game, revert func()) error {
	old := g.rec
	g.rec.Version++
	g.rec.Active = h.now()
	if err := h.cfg.Store.Put(ctx, g.record()); err != nil {
		h.cfg.Logger.Error("web: store put", "table", g.rec.ID, "err", err)
		g.rec = old
		if revert != nil {
			revert()
		}
		return errStore
	}
	for c := range g.subs {
		select {
		case c <- struct{}{}:
		default: // a change is already pending: the stream sends the latest view
		}
	}
	return nil
}

// create makes a table for client as n asks, and returns it with the creator's seat, its
// secret and, when the other seat is a person's, the invitation.
func (h *Handler) create(ctx context.Context, client string, n NewTable) (g *game, seat int, secret, invite string, err error) {
	s, seat, err := n.setup(0)
	if err != nil {
		return nil, 0, "", "", err
	}
	if s.Seats != [2]table.Level{} {
		s.Seed = newSeed() // for the computer's choices; a table of two people has none
	}
	t, err := table.New(s)
	if err != nil {
		return nil, 0, "", "", err
	}
	now := h.now()
	secret = newSecret()
	g = &game{t: t, rec: Record{ID: newID(), Public: n.Public, Owner: client, UndoBy: -1, Created: now, Active: now}}
	g.rec.Seats[seat] = hash(secret)
	if s.Seats[1-seat] == table.Human {
		invite = newSecret()
		g.rec.Invite = hash(invite)
		if n.Public {
			g.rec.PublicInvite = invite
		}
	}
	if err := h.reserve(client, g); err != nil {
		return nil, 0, "", "", err
	}
	g.mu.Lock()
	rec := g.record()
	g.mu.Unlock()
	if err := h.cfg.Store.Put(ctx, rec); err != nil {
		h.cfg.Logger.Error("web: store put", "table", rec.ID, "err", err)
		h.remove(rec.ID)
		return nil, 0, "", "", errStore
	}
	h.kick(g)
	return g, seat, secret, invite, nil
}

// reserve adds g to the tables unless client has TablesPerClient unfinished tables or the
// handler holds MaxTables.
func (h *Handler) reserve(client string, g *game) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.games) >= h.cfg.MaxTables {
		return errFull
	}
	n := 0
	for _, o := range h.owned[client] {
		if _, over := o.t.Winner(); !over {
			n++
		}
	}
	if n >= h.cfg.TablesPerClient {
		return errQuota
	}
	h.add(g)
	return nil
}

// add adds g to the tables; h.mu is held.
func (h *Handler) add(g *game) {
	h.games[g.rec.ID] = g
	if h.owned[g.rec.Owner] == nil {
		h.owned[g.rec.Owner] = make(map[string]*game)
	}
	h.owned[g.rec.Owner][g.rec.ID] = g
}

// remove drops the table id from memory.
func (h *Handler) remove(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.removeLocked(id)
}

// removeLocked is remove with h.mu held.
func (h *Handler) removeLocked(id string) {
	g := h.games[id]
	if g == nil {
		return
	}
	delete(h.games, id)
	delete(h.owned[g.rec.Owner], id)
	if len(h.owned[g.rec.Owner]) == 0 {
		delete(h.owned, g.rec.Owner)
	}
}

// game returns the table id, or ErrNotFound, and marks it used. Locks are taken in the order
// h.mu, then a game's mu, never the other way.
func (h *Handler) game(id string) (*game, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	g := h.games[id]
	if g == nil {
		return nil, ErrNotFound
	}
	g.mu.Lock() // under h.mu, so that expire sees the table used
	g.rec.Active = h.now()
	g.mu.Unlock()
	return g, nil
}

// join seats the holder of invite at the open seat of g, and returns the seat and its secret.
func (h *Handler) join(ctx context.Context, g *game, invite string) (int, string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.rec.Invite == "" {
		return 0, "", errSeatTaken
	}
	if subtle.ConstantTimeCompare([]byte(g.rec.Invite), []byte(hash(invite))) != 1 {
		return 0, "", errBadInvite
	}
	seat := 0
	if g.rec.Seats[0] != "" {
		seat = 1
	}
	secret := newSecret()
	g.rec.Seats[seat], g.rec.Invite, g.rec.PublicInvite = hash(secret), "", ""
	if err := h.commit(ctx, g, nil); err != nil {
		return 0, "", err
	}
	return seat, secret, nil
}

// play plays m as move number turn for seat, and then, at a table against the computer, the
// computer's reply, within a worker of the pool (503 when none is free, before the move).
func (h *Handler) play(ctx context.Context, g *game, seat, turn int, m table.Move) error {
	if seat < 0 {
		return errSpectator
	}
	g.mu.Lock()
	vsComputer := g.t.Seat(1-seat) != table.Human
	g.mu.Unlock()
	var jctx context.Context
	var done func()
	if vsComputer {
		var ok bool
		if jctx, done, ok = h.pool.acquire(ctx); !ok {
			return errBusy
		}
		defer done()
	}
	g.mu.Lock()
	if err := h.checkMove(g, seat, turn); err != nil {
		g.mu.Unlock()
		return err
	}
	if err := g.t.Play(turn, m); err != nil {
		g.mu.Unlock()
		return err
	}
	undoBy, undoTurn := g.rec.UndoBy, g.rec.UndoTurn
	g.rec.UndoBy = -1
	err := h.commit(ctx, g, func() {
		g.t.Undo(turn + 1)
		g.rec.UndoBy, g.rec.UndoTurn = undoBy, undoTurn
	})
	reply := err == nil && g.computerToMove()
	if reply {
		g.thinking = true
	}
	g.mu.Unlock()
	if reply {
		h.computerMove(jctx, g)
	}
	return err
}

// checkMove returns the error of a move or an undo for seat at turn: 403 for a spectator or
// the seat not to move, 409 for a stale turn; g is locked.
func (h *Handler) checkMove(g *game, seat, turn int) error {
	switch {
	case seat < 0:
		return errSpectator
	case turn != g.t.Turn():
		return &table.PlayError{Turn: turn, Want: g.t.Turn(), Err: table.ErrStale}
	case seat != g.t.Player():
		return errWrongSeat
	}
	return nil
}

// computerMove chooses the computer's move at g outside its lock and plays it under the
// lock if nothing changed meanwhile (a player's undo may have made it the person's turn); it
// chooses again, at most twice more, while the computer is still to move. It runs in a worker
// of the pool, with its deadline in ctx. g.thinking is set and computerMove clears it.
func (h *Handler) computerMove(ctx context.Context, g *game) {
	defer func() {
		g.mu.Lock()
		g.thinking = false
		g.mu.Unlock()
	}()
	for range 3 {
		g.mu.Lock()
		if !g.computerToMove() {
			g.mu.Unlock()
			return
		}
		version, s := g.rec.Version, g.t.Setup()
		c := table.Computer{Level: s.Seats[g.t.Player()], Seed: s.Seed}
		g.mu.Unlock()
		if h.beforeChoose != nil {
			h.beforeChoose()
		}
		m, _, turn, err := c.Choose(ctx, g.t)
		if err != nil {
			h.cfg.Logger.Warn("web: computer move", "table", g.rec.ID, "err", err)
			return
		}
		g.mu.Lock()
		if g.rec.Version == version {
			g.thinking = false // before the commit tells the watchers
			if g.t.Play(turn, m) == nil {
				h.commit(ctx, g, func() { g.t.Undo(turn + 1) })
			}
			g.mu.Unlock()
			return
		}
		g.mu.Unlock()
	}
}

// kick starts the computer's move at g in the background when a computer is to move and
// none is choosing, if a worker is free and the handler is not closed; otherwise the next
// view of g tries again.
func (h *Handler) kick(g *game) {
	g.mu.Lock()
	defer g.mu.Unlock()
	h.kickLocked(g)
}

// kickLocked is kick with g locked.
func (h *Handler) kickLocked(g *game) {
	if g.thinking || !g.computerToMove() {
		return
	}
	h.closing.Lock()
	defer h.closing.Unlock()
	if h.closed {
		return
	}
	ctx, done, ok := h.pool.acquire(context.Background())
	if !ok {
		return
	}
	g.thinking = true
	h.jobs.Add(1) // under h.closing: never after Close's Wait began
	go func() {
		defer h.jobs.Done()
		defer done()
		h.computerMove(ctx, g)
	}()
}

// now returns the handler's time.
func (h *Handler) now() time.Time { return h.cfg.clock() }
