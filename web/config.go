package web

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"time"
)

// This file implements the settings of a Handler and the limits they set: the per-client rate
// limit and the bounded pool of expensive work.

// Config holds the settings of a [Handler]. The zero Config is ready to use: every zero field
// takes the default its comment states.
type Config struct {
	// Store keeps the tables; nil means a new [MemStore].
	Store Store
	// TablesPerClient is the most unfinished tables one client may have created; a create
	// past it gets 429. Default 20.
	TablesPerClient int
	// MaxTables is the most tables held at once; a create past it gets 503. No table is ever
	// dropped to make room. Default 100000.
	MaxTables int
	// Rate is the requests a second one client may make, with bursts of Burst; past it a
	// request gets 429 with Retry-After. Defaults 10 and 40.
	Rate  float64
	Burst int
	// IdleExpiry is how long a table nobody views, plays or watches is kept; an open event
	// stream keeps its table. Default 24 hours.
	IdleExpiry time.Duration
	// Workers is the most expensive jobs (computer moves, hints) run at once; a job that
	// finds every worker busy gets 503 with Retry-After. Default runtime.GOMAXPROCS(0).
	Workers int
	// WorkTimeout is the deadline of each expensive job. Default 5 seconds.
	WorkTimeout time.Duration
	// MaxBody is the most bytes read from a request body; past it the request gets 413.
	// Default 4096.
	MaxBody int64
	// StreamsPerClient is the most event streams one client may hold open; past it a stream
	// gets 429. Default 8.
	StreamsPerClient int
	// ClientID names the client of a request for the quotas; nil means the host of
	// RemoteAddr. Behind a proxy, return the address the proxy vouches for.
	ClientID func(*http.Request) string
	// Logger receives the errors of the store and of computer moves; nil means
	// slog.Default().
	Logger *slog.Logger

	clock func() time.Time // for tests; nil means time.Now
}

// withDefaults returns c with every zero field set to its default.
func (c Config) withDefaults() Config {
	if c.Store == nil {
		c.Store = &MemStore{}
	}
	setDefault(&c.TablesPerClient, 20)
	setDefault(&c.MaxTables, 100000)
	setDefault(&c.Rate, 10)
	setDefault(&c.Burst, 40)
	setDefault(&c.IdleExpiry, 24*time.Hour)
	setDefault(&c.Workers, runtime.GOMAXPROCS(0))
	setDefault(&c.WorkTimeout, 5*time.Second)
	setDefault(&c.MaxBody, 4096)
	setDefault(&c.StreamsPerClient, 8)
	if c.ClientID == nil {
		c.ClientID = remoteHost
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.clock == nil {
		c.clock = time.Now
	}
	return c
}

func setDefault[T int | int64 | float64 | time.Duration](p *T, v T) {
	if *p <= 0 {
		*p = v
	}
}

// remoteHost returns the host of r.RemoteAddr, or all of it when it has no port.
func remoteHost(r *http.Request) string {
	if h, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return h
	}
	return r.RemoteAddr
}

// A limiter holds a token bucket per client: rate tokens a second, at most burst. It is safe
// for concurrent use.
type limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   float64
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimiter(rate float64, burst int) *limiter {
	return &limiter{rate: rate, burst: float64(burst), buckets: make(map[string]*bucket)}
}

// allow takes a token of client at now, and returns true, or returns false and how long until
// a token is there.
func (l *limiter) allow(client string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[client]
	if b == nil {
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[client] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.rate)
	b.at = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
}

// prune forgets the buckets that are full again at now, so that the map holds only the
// clients of the last few seconds.
func (l *limiter) prune(now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for c, b := range l.buckets {
		if b.tokens+now.Sub(b.at).Seconds()*l.rate >= l.burst {
			delete(l.buckets, c)
		}
	}
}

// A pool bounds the expensive jobs run at once. It is safe for concurrent use.
type pool struct {
	slots   chan struct{}
	timeout time.Duration
}

func newPool(workers int, timeout time.Duration) *pool {
	return &pool{slots: make(chan struct{}, workers), timeout: timeout}
}

// acquire takes a worker and returns a context with the job's deadline and the function
// that ends the job, or false at once when every worker is busy. The context does not end
// with parent's cancellation, only at the deadline, so that a job a request started (a
// computer's reply) finishes when its client goes away.
func (p *pool) acquire(parent context.Context) (context.Context, func(), bool) {
	select {
	case p.slots <- struct{}{}:
	default:
		return nil, nil, false
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(parent), p.timeout)
	return ctx, func() { cancel(); <-p.slots }, true
}

// retryAfter is the Retry-After value for a pool that is full: the job deadline in whole
// seconds, at least 1.
func (p *pool) retryAfter() string {
	return strconv.Itoa(max(1, int(p.timeout.Round(time.Second)/time.Second)))
}
