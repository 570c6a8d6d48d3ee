package shell

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cmd/cyq/internal/dbopen"
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// Options configure a Session.
type Options struct {
	// Dir is the store directory ("" for a fresh in-memory store).
	Dir string
	// DB, when set, is the store already open on Graph (Open then opens
	// nothing itself).
	DB *cyq.DB
	// Graph is the graph to query (default "default").
	Graph string
	// ReadOnly opens the store for reading only.
	ReadOnly bool
	// Timeout bounds each statement (0: none).
	Timeout time.Duration
	// ImportDir is the only directory LOAD CSV may read ("": LOAD CSV is
	// refused).
	ImportDir string
	// Format is the output format (default table).
	Format Format
	// Timing prints the elapsed time after each statement.
	Timing bool
	// MaxTableRows caps the rows a table shows (0: all).
	MaxTableRows int
	// StatsToErr prints what writing statements changed on Err in every
	// format (`cyq query`); otherwise the table and vertical formats print
	// it on Out after the row count, the others on Err.
	StatsToErr bool
	// Out receives results, Err errors and notices (default stdout, stderr).
	Out, Err io.Writer
}

// Session is an open store plus the shell's state: current graph,
// parameters, output format and timing. The interactive shell, `cyq query`
// and `:source` all run statements through a Session.
type Session struct {
	db        *cyq.DB
	dir       string
	graph     string
	readOnly  bool
	timeout   time.Duration
	importDir string

	// Params are the parameters passed to every statement.
	Params map[string]value.Value
	// Format is the output format.
	Format Format
	// Timing prints the elapsed time after each statement.
	Timing bool
	// MaxTableRows caps the rows a table shows (0: all); the count still
	// reports them all.
	MaxTableRows int
	// Width is the display width tables are fitted to (0: no limit).
	Width int
	// StatsToErr: see Options.StatsToErr.
	StatsToErr bool
	// History holds the statements and commands entered interactively,
	// oldest first (:history prints them).
	History []string
	// Out receives results, Err errors and notices.
	Out, Err io.Writer

	tx *cyq.Tx // the transaction :begin opened, if any
}

// Open opens the store and returns a session on it.
func Open(o Options) (*Session, error) {
	s := &Session{dir: o.Dir, graph: o.Graph, readOnly: o.ReadOnly, timeout: o.Timeout, importDir: o.ImportDir,
		Params: map[string]value.Value{}, Format: o.Format, Timing: o.Timing, MaxTableRows: o.MaxTableRows, StatsToErr: o.StatsToErr, Out: o.Out, Err: o.Err}
	if s.graph == "" {
		s.graph = "default"
	}
	if s.Format == "" {
		s.Format = FormatTable
	}
	if s.Out == nil {
		s.Out = os.Stdout
	}
	if s.Err == nil {
		s.Err = os.Stderr
	}
	if o.DB != nil {
		s.db = o.DB
		return s, nil
	}
	db, err := cyq.Open(s.dir, s.dbOptions(s.graph))
	if err != nil {
		return nil, dbopen.LockedHint(err, s.dir, s.readOnly)
	}
	s.db = db
	return s, nil
}

func (s *Session) dbOptions(graph string) *cyq.Options {
	return &cyq.Options{Graph: graph, ReadOnly: s.readOnly, Timeout: s.timeout, ImportDir: s.importDir}
}

// DB returns the open database.
func (s *Session) DB() *cyq.DB { return s.db }

// Graph returns the current graph's name.
func (s *Session) Graph() string { return s.graph }

// ReadOnly reports whether the store was opened read-only.
func (s *Session) ReadOnly() bool { return s.readOnly }

// InTx reports whether a transaction opened with :begin is running.
func (s *Session) InTx() bool { return s.tx != nil }

// Close closes the store, rolling back a transaction left open.
func (s *Session) Close() error {
	if s.tx != nil {
		s.tx.Rollback()
		s.tx = nil
		fmt.Fprintln(s.Err, "the open transaction was rolled back")
	}
	if s.db == nil {
		return nil
	}
	err := s.db.Close()
	s.db = nil
	return err
}

// Use switches to another graph of the same store. A graph that does not
// exist is refused (naming the graphs there and the nearest one) unless
// create is set and the store is writable. The store is reopened, so this
// fails for an in-memory store.
func (s *Session) Use(name string, create bool) error {
	if name == "" {
		return errors.New("usage: :use NAME")
	}
	if name == s.graph {
		return nil
	}
	if s.dir == "" {
		return errors.New("an in-memory store has only the graph it was opened with")
	}
	graphs := s.db.Store().Graphs()
	if !slices.Contains(graphs, name) && (!create || s.readOnly) {
		return dbopen.NoGraph(name, s.dir, graphs, s.readOnly)
	}
	if err := s.db.Close(); err != nil {
		return err
	}
	db, err := cyq.Open(s.dir, s.dbOptions(name))
	if err != nil {
		// Fall back to the graph we had.
		db2, err2 := cyq.Open(s.dir, s.dbOptions(s.graph))
		if err2 != nil {
			return errors.Join(err, err2)
		}
		s.db = db2
		return err
	}
	s.db = db
	s.graph = name
	return nil
}

// rows runs one statement, in the open transaction if there is one.
func (s *Session) rows(ctx context.Context, stmt string) (*cyq.Rows, error) {
	if s.tx != nil {
		return s.tx.QueryValues(ctx, stmt, s.Params)
	}
	return s.db.QueryValues(ctx, stmt, s.Params)
}

// Query runs one statement and collects its whole result.
func (s *Session) Query(ctx context.Context, stmt string) (*Result, error) {
	rows, err := s.rows(ctx, stmt)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	all, err := rows.All()
	if err != nil {
		return nil, err
	}
	r := &Result{Columns: rows.Columns(), Rows: all, Profile: rows.Profile(), Stats: rows.Stats()}
	for _, n := range rows.Notifications() {
		r.Notes = append(r.Notes, n.String())
	}
	return r, nil
}

// Exec runs one statement and prints its result (and, for the table and
// vertical formats, the row count, what it changed and the elapsed time).
// A failure is returned, not printed; it rolls back the transaction :begin
// opened, if any.
func (s *Session) Exec(ctx context.Context, stmt string) error {
	err := s.exec(ctx, stmt)
	if err != nil && s.tx != nil {
		s.tx.Rollback()
		s.tx = nil
		return &RolledBack{Err: err}
	}
	return err
}

// RolledBack is the failure of a statement that ended the transaction
// :begin opened.
type RolledBack struct{ Err error }

// Error renders the statement's error.
func (e *RolledBack) Error() string { return e.Err.Error() + " (the transaction was rolled back)" }

// Unwrap returns the statement's error.
func (e *RolledBack) Unwrap() error { return e.Err }

func (s *Session) exec(ctx context.Context, stmt string) error {
	start := time.Now()
	if s.Format == FormatJSONL || s.Format == FormatCSV {
		return s.stream(ctx, stmt, start)
	}
	r, err := s.Query(ctx, stmt)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	if isExplain(r) && s.Format.human() {
		fmt.Fprintln(s.Out, strings.TrimRight(string(r.Rows[0][0].(value.String)), "\n"))
		return nil
	}
	shown := r
	if s.Format.human() && s.MaxTableRows > 0 && len(r.Rows) > s.MaxTableRows {
		shown = &Result{Columns: r.Columns, Rows: r.Rows[:s.MaxTableRows]}
	}
	if err := WriteWidth(s.Out, s.Format, shown, s.Width); err != nil {
		return err
	}
	changed := r.Stats.String()
	if !s.Format.human() {
		if s.Timing {
			fmt.Fprintf(s.Err, "%s (%s)\n", plural(len(r.Rows), "row", "rows"), FormatDuration(elapsed))
		}
		s.printStats(changed)
		return nil
	}
	msg := plural(len(r.Rows), "row", "rows")
	if len(shown.Rows) < len(r.Rows) {
		msg += fmt.Sprintf(", the first %d shown (add LIMIT, :max-rows, or :format csv for all)", len(shown.Rows))
	}
	if len(r.Columns) == 0 {
		msg = "no changes"
		if changed != "" {
			msg, changed = changed, ""
			if s.StatsToErr {
				msg, changed = "", msg
			}
		}
	}
	if s.Timing && msg != "" {
		msg += fmt.Sprintf(" (%s)", FormatDuration(elapsed))
	}
	if msg != "" {
		fmt.Fprintln(s.Out, msg)
	}
	if changed != "" {
		if s.StatsToErr {
			s.printStats(changed)
		} else {
			fmt.Fprintln(s.Out, changed)
		}
	}
	for _, n := range r.Notes {
		fmt.Fprintln(s.Out, "warning: "+n)
	}
	if r.Profile != "" {
		fmt.Fprint(s.Out, r.Profile)
	}
	return nil
}

// printStats prints what a statement changed (if anything) on Err.
func (s *Session) printStats(changed string) {
	if changed != "" {
		fmt.Fprintln(s.Err, changed)
	}
}

// stream prints a statement's rows as they come, for the line-oriented
// formats, so that large results need not fit in memory.
func (s *Session) stream(ctx context.Context, stmt string, start time.Time) error {
	rows, err := s.rows(ctx, stmt)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols := rows.Columns()
	w := bufio.NewWriterSize(s.Out, 1<<16)
	defer w.Flush()
	var cw *csv.Writer
	rec := make([]string, len(cols))
	if s.Format == FormatCSV && len(cols) > 0 {
		cw = csv.NewWriter(w)
		if err := cw.Write(cols); err != nil {
			return err
		}
	}
	n := 0
	for rows.Next() {
		row := rows.Values()
		n++
		if cw != nil {
			for i := range rec {
				rec[i] = ""
				if i < len(row) {
					rec[i] = csvCell(row[i])
				}
			}
			if err := cw.Write(rec); err != nil {
				return err
			}
			continue
		}
		b, err := rowJSON(cols, row)
		if err != nil {
			return err
		}
		w.Write(b)
		w.WriteByte('\n')
	}
	if cw != nil {
		cw.Flush()
		if err := cw.Error(); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if s.Timing {
		fmt.Fprintf(s.Err, "%s (%s)\n", plural(n, "row", "rows"), FormatDuration(time.Since(start)))
	}
	s.printStats(rows.Stats().String())
	return nil
}

func isExplain(r *Result) bool {
	if len(r.Columns) != 1 || r.Columns[0] != "plan" || len(r.Rows) != 1 {
		return false
	}
	_, ok := r.Rows[0][0].(value.String)
	return ok
}

// FormatDuration prints d with a precision that suits its size.
func FormatDuration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%d µs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// RunScript runs the `;`-separated statements of src in order, stopping at
// the first failure, which it returns with its position relative to src.
// name (a file name, or "") prefixes error positions.
func (s *Session) RunScript(ctx context.Context, src, name string) error {
	stmts, rest := Split(src)
	if !blank(rest) {
		lead := len(rest) - len(strings.TrimLeft(rest, " \t\r\n"))
		off := len(src) - len(rest) + lead
		stmts = append(stmts, Statement{Text: strings.TrimSpace(rest), Offset: off, Line: 1 + strings.Count(src[:off], "\n")})
	}
	for _, st := range stmts {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := s.Exec(ctx, st.Text); err != nil {
			return &ScriptError{Name: name, Err: Relocate(err, src, st)}
		}
	}
	return nil
}

// ScriptError is a failure of a statement in a named script.
type ScriptError struct {
	Name string // the script's name (a file name, or "")
	Err  error  // the statement's error, positioned in the script
}

// Error renders "name:position: message".
func (e *ScriptError) Error() string {
	if e.Name == "" {
		return e.Err.Error()
	}
	return e.Name + ":" + e.Err.Error()
}

// Unwrap returns the statement's error.
func (e *ScriptError) Unwrap() error { return e.Err }

// Relocate moves an engine error's position from st's text to the script
// src holding it.
func Relocate(err error, src string, st Statement) error {
	e := cyqerr.As(err)
	if e == nil || !e.Pos.IsValid() || e.Source != st.Text {
		return err
	}
	c := *e
	c.Source = src
	if c.EndOff > c.Pos.Offset {
		c.EndOff += st.Offset
	}
	c.Pos = cyqerr.PosOf(src, st.Offset+e.Pos.Offset)
	return &c
}

// Describe renders an error for people: engine errors with the offending
// line, a caret and the hint.
func Describe(err error) string {
	prefix := ""
	var se *ScriptError
	if errors.As(err, &se) && se.Name != "" {
		prefix = se.Name + ":"
	}
	suffix := ""
	var rb *RolledBack
	if errors.As(err, &rb) {
		suffix = "\nthe transaction was rolled back"
	}
	if errors.Is(err, context.Canceled) {
		return prefix + "cancelled" + suffix
	}
	if e := cyqerr.As(err); e != nil {
		return prefix + e.Pretty() + suffix
	}
	return prefix + err.Error()
}

// ParseParams reads parameters given as a JSON object or a Cypher map
// literal (which may use other parameters).
func (s *Session) ParseParams(ctx context.Context, text string) (map[string]value.Value, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return map[string]value.Value{}, nil
	}
	if m, err := ParseJSONParams(text); err == nil {
		return m, nil
	} else if strings.HasPrefix(text, "{\"") {
		return nil, err
	}
	r, err := s.Query(ctx, "RETURN "+text+" AS params")
	if err != nil {
		return nil, err
	}
	if len(r.Rows) != 1 {
		return nil, errors.New("parameters must be a map")
	}
	m, ok := r.Rows[0][0].(value.Map)
	if !ok {
		return nil, errors.New("parameters must be a map, like {name: 'Ada', limit: 10}")
	}
	return map[string]value.Value(m), nil
}

// ParseJSONParams decodes a JSON object into parameter values; integral
// numbers become integers.
func ParseJSONParams(text string) (map[string]value.Value, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var raw map[string]any
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("parameters: %v", err)
	}
	if dec.More() {
		return nil, errors.New("parameters: trailing text after the JSON object")
	}
	out := make(map[string]value.Value, len(raw))
	for k, v := range raw {
		x, err := value.FromGo(jsonNumbers(v))
		if err != nil {
			return nil, fmt.Errorf("parameter $%s: %v", k, err)
		}
		out[k] = x
	}
	return out, nil
}

func jsonNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	case []any:
		for i := range x {
			x[i] = jsonNumbers(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = jsonNumbers(x[k])
		}
	}
	return v
}

// SortedKeys returns a map's keys in order.
func SortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
