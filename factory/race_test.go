package factory_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
	"agentinput.dev/promcp"
	"agentinput.dev/receipt"
	"agentinput.dev/receipt/postgres"
	"agentinput.dev/receipt/sqlite"
)

// TestRaceCalls sends 64 identical calls of one do tool at once, half of
// them through a tool on one store handle and half through a tool on
// another (as two replicas hold), with a handler that takes 20 ms: exactly
// one handler run, 63 replays of its result, on every store the module
// ships. The stores' own conformance suite (receipt/receipttest) races
// claims; this races the factory's calls over them.
func TestRaceCalls(t *testing.T) {
	t.Run("memory", func(t *testing.T) {
		s := &receipt.Memory{}
		raceCalls(t, s, s)
	})
	t.Run("sqlite, two handles on one file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "receipts.db")
		raceCalls(t, openSQLite(t, path), openSQLite(t, path))
	})
	t.Run("postgres, two pools on one table", func(t *testing.T) {
		dsn := os.Getenv("AGENTINPUT_TEST_POSTGRES")
		if dsn == "" {
			if os.Getenv("CI") != "" {
				t.Fatal("AGENTINPUT_TEST_POSTGRES is not set, and CI is: the race must run against a real server; run the tests as bash .ci/postgres.sh go test ./factory/ (as .ci/run does)")
			}
			t.Skip("AGENTINPUT_TEST_POSTGRES names no PostgreSQL server; to run against a throwaway one: bash .ci/postgres.sh go test ./factory/ -run RaceCalls")
		}
		var b [8]byte
		rand.Read(b[:])
		table := "factoryrace_" + hex.EncodeToString(b[:])
		t.Cleanup(func() { dropTable(t, dsn, table) })
		raceCalls(t, openPostgres(t, dsn, table), openPostgres(t, dsn, table))
	})
}

// raceCalls races the calls twice: with a caller's key, and with none (the
// key derived from the arguments, whose duplicates wait for the one
// running and replay it).
func raceCalls(t *testing.T, a, b receipt.Store) {
	t.Helper()
	raceOnce(t, a, b, `{"order":"7731","idempotency_key":"race-1"}`, `{"order":"7731","run":1}`)
	raceOnce(t, a, b, `{"order":"7732"}`, `{"order":"7732","run":1}`)
}

func raceOnce(t *testing.T, a, b receipt.Store, args, want string) {
	t.Helper()
	var runs atomic.Int64
	handler := func(_ context.Context, in raceIn, _ *factory.Call) (raceOut, error) {
		n := runs.Add(1)
		time.Sleep(20 * time.Millisecond)
		return raceOut{Order: in.Order, Run: n}, nil
	}
	var tools [2]*factory.Tool
	for i, store := range []receipt.Store{a, b} {
		tool, err := factory.New(factory.Spec{
			Name: "do_race", Title: "Race one key",
			Description: "Places one order, for the race of do calls over a receipt store. Use when a test races calls of one key.",
			Intent:      factory.IntentDo, Receipts: store, Observer: observe.None{},
		}, handler)
		if err != nil {
			t.Fatal(err)
		}
		tools[i] = tool
	}
	const n = 64
	results := make([]*factory.Result, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			results[i] = tools[i%2].Call(context.Background(), []byte(args))
		})
	}
	close(start)
	wg.Wait()
	if got := runs.Load(); got != 1 {
		t.Fatalf("%s: the handler ran %d times, want once", args, got)
	}
	replays := 0
	for i, res := range results {
		if res.Envelope != nil {
			t.Fatalf("call %d: envelope %s: %s", i, res.Envelope.Code, res.Envelope.Message)
		}
		if res.Effect != promcp.EffectCommitted {
			t.Fatalf("call %d: effect %q, want committed", i, res.Effect)
		}
		if res.Replayed {
			replays++
			got, err := json.Marshal(res.Output)
			if err != nil || string(got) != want {
				t.Fatalf("call %d replayed %s (%v), want %s", i, got, err, want)
			}
		}
	}
	if replays != n-1 {
		t.Fatalf("%s: %d replays, want %d", args, replays, n-1)
	}
}

type raceIn struct {
	Order string `json:"order" agentinput:"required" desc:"The order to place"`
}

type raceOut struct {
	Order string `json:"order"`
	Run   int64  `json:"run"`
}

func openSQLite(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	return s
}

func openPostgres(t *testing.T, dsn, table string) *postgres.Store {
	t.Helper()
	s, err := postgres.Open(context.Background(), dsn, postgres.Options{Table: table})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// dropTable drops the race's table and the sequence the store made for it.
func dropTable(t *testing.T, dsn, table string) {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		t.Error(err)
		return
	}
	defer pool.Close()
	if _, err := pool.Exec(ctx, "DROP TABLE IF EXISTS "+table+"; DROP SEQUENCE IF EXISTS "+table+"_seq"); err != nil {
		t.Error(err)
	}
}
