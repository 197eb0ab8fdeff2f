// Package web serves game tables of package [table] over HTTP: an [http.Handler] that any Go
// server mounts under a prefix, with a JSON API and an HTML game that plays on a phone. It
// uses only the standard library.
//
// # Mounting
//
// [New] returns a [Handler] with the settings of a [Config], whose zero value is ready to use;
// mount it under a prefix with [http.StripPrefix], and close it when the server stops:
//
//	h, err := web.New(web.Config{Store: myStore})
//	if err != nil {
//		return err
//	}
//	defer h.Close()
//	mux.Handle("/kayles/", http.StripPrefix("/kayles", h))
//
// The pages link and scope their cookies under the prefix. Event streams stay open for a
// whole game, so the server's WriteTimeout must be zero (or longer than a game); set
// ReadHeaderTimeout instead.
//
// # Seats
//
// Whoever creates a table takes a seat and gets its secret: an HttpOnly, SameSite=Lax cookie
// scoped to the table for the page, a token ("Authorization: Bearer <token>") for the JSON
// API. The other seat is a computer level or a person's: the creator gets an invitation,
// which a second player posts to the join route to take the seat (a GET of the invitation's
// link shows the table and a button, and takes nothing). Anyone may watch a table by its id;
// a move or an undo from a spectator or the seat not to move gets 403 and changes nothing.
// A move names the turn it was chosen at ([View].Turn), and one for another turn gets 409.
//
// Undo is as people expect it: a player takes back their own last move at once until the
// other replies; later, the request waits until the other accepts (or declines, or moves).
// Against the computer a player goes back to their own turn at once.
//
// # The JSON API
//
//	POST /api/tables                 a [NewTable]; 201 with a [Created]
//	GET  /api/tables                 the open public tables, as [Listing]s
//	GET  /api/tables/{id}            a [View] (You is the caller's seat, -1 for a spectator)
//	POST /api/tables/{id}/join       {"invite": "..."}; a [Created]
//	POST /api/tables/{id}/moves      a [MoveRequest]; the [View] after it (and the computer's reply)
//	POST /api/tables/{id}/undo       {"turn": n}; an [UndoResult], 202 when it waits for consent
//	POST /api/tables/{id}/undo/accept, /undo/decline  {"turn": n}; an [UndoResult]
//	POST /api/tables/{id}/hint       a [Hint] for the caller, who must be to move
//	GET  /api/tables/{id}/events     Server-Sent Events: a [View] after every change
//
// Errors are {"error": message} with one status each: 400 for a move or a setup the rules
// refuse or a request that does not parse, 403 for the wrong seat or a bad invitation, 404
// for an unknown table, 409 for a stale turn or a taken seat, 413 for a body past
// Config.MaxBody, 429 past a quota (with Retry-After for the rate), 503 with Retry-After when
// the pool of expensive work or the server is full, 500 when the store fails.
//
// # The page
//
// GET / is the lobby, GET /t/{id} a table; their forms post to the same routes and work
// without JavaScript, which only follows the event stream to redraw the board at once. The
// page speaks English, French, Japanese and Turkish (the lang query parameter, else
// Accept-Language).
//
// # Limits
//
// Each client (by [Config].ClientID) has a rate of requests, a number of unfinished tables and
// a number of open event streams; the handler holds at most Config.MaxTables tables and
// refuses new ones past it rather than drop one, and removes only tables nobody has used for
// Config.IdleExpiry. Computer moves and hints run in a pool of Config.Workers with a deadline
// of Config.WorkTimeout each; a request that finds the pool full gets 503 before anything
// changes. Request bodies are read up to Config.MaxBody.
//
// # Stores and consistency
//
// A [Store] keeps each table's [Record]: its text form ([table.Table.MarshalText]), the hashes
// of its seats' secrets and its metadata. The handler writes a table through on every change
// before it answers, and takes the change back when the store fails, so a durable store loses
// no move a player was told of; [New] serves again every table its store lists. [MemStore]
// is the default; [DirStore] keeps a file per table that survives kill -9. A table is
// changed only under its game's lock (a computer chooses outside the lock and plays under it,
// if nothing changed meanwhile), so every [View] is one consistent snapshot.
package web
