// Command web serves Kayles, its cousins and Nim as a web game: it mounts the handler of
// package web and keeps every table in an embedded bbolt database, so that a game goes on
// from its last move after a crash or a restart.
//
//	go run ./examples/web [-addr 127.0.0.1:8080] [-db kayles.db]
//
// It prints the address to open and serves until SIGINT or SIGTERM, then stops taking
// requests, ends the event streams, waits for the requests and computer moves under way
// and closes the database. Exit status: 0 for -h and after a signal, 1 when the database or
// the address cannot be opened or the server fails, 2 for bad flags or arguments.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/octalgames/kayles/web"
)

// This file implements the command: its flags, and the server around the handler.

// usage is the head of -h, before the flags.
const usage = `web serves Kayles, its cousins and Nim as a web game: set up a table in the
lobby, play against the computer or send the invitation to a second person.
Tables are kept in the database file -db and survive a restart. It prints the
address to open and serves until SIGINT or SIGTERM.

Usage: go run ./examples/web [-addr HOST:PORT] [-db FILE]

Exit status: 0 for -h and after a signal; 1 when the database or the address
cannot be opened or the server fails; 2 for bad flags or arguments.

Flags:
`

// options are the command line's settings.
type options struct {
	addr string // the address to listen on
	db   string // the database file
}

func main() {
	o, status, ok := parseFlags(os.Args[1:], os.Stderr)
	if !ok {
		os.Exit(status)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "web:", err)
		os.Exit(1)
	}
}

// parseFlags reads the command line: the options and ok, or the exit status when there is
// nothing to serve (0 after -h, 2 for bad flags), the message written to stderr.
func parseFlags(args []string, stderr io.Writer) (o options, status int, ok bool) {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "the address to listen on, host:port (:8080 for every interface, port 0 for any free port)")
	fs.StringVar(&o.db, "db", "kayles.db", "the database file that keeps the tables; created if missing")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return o, 0, false
		}
		return o, 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "web: unexpected arguments: %q; the address and the database are flags, -addr and -db\n", fs.Args())
		fs.Usage()
		return o, 2, false
	}
	return o, 0, true
}

// run serves the game with the options o until ctx is done, then shuts down gracefully. It
// writes the address to open to out.
func run(ctx context.Context, o options, out io.Writer) error {
	store, err := openBoltStore(o.db)
	if err != nil {
		return err
	}
	defer store.Close()
	h, err := web.New(web.Config{Store: store, Logger: slog.New(slog.NewTextHandler(os.Stderr, nil))})
	if err != nil {
		return err
	}
	defer h.Close()
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "open http://%s/\n", ln.Addr())
	// No WriteTimeout: an event stream stays open for a whole game.
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		IdleTimeout: time.Minute, MaxHeaderBytes: 16 << 10}
	srv.RegisterOnShutdown(func() { h.Close() }) // ends the event streams, which Shutdown waits for
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return srv.Shutdown(sctx)
}
