package shell

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/term"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// HelpText is what :help prints.
const HelpText = `Statements end with ';' and may span several lines. Tab completes keywords,
labels, relationship types, property keys and functions; Up/Down recall history.
Ctrl-C cancels the running statement (or clears the line); Ctrl-D quits.

  :help                  this text
  :schema                labels, relationship types and property keys, with counts
  :graphs                the graphs in this store ('*' marks the current one)
  :use NAME              switch to graph NAME (:use --create NAME makes a new one)
  :params [{...}]        set the parameters (JSON object or Cypher map); no argument shows them
  :param NAME => EXPR    set one parameter
  :explain STATEMENT     show the plan of a statement without running it (or EXPLAIN ...;)
  :begin                 open a transaction: statements see each other's writes,
                         nothing is stored until :commit; an error rolls it back
  :commit                store the transaction's writes
  :rollback              discard the transaction's writes
  :format table|vertical|json|jsonl|csv
                         choose the output format (a table too wide for the
                         terminal prints vertically)
  :max-rows N            show at most N rows of a table (0: all)
  :timing on|off         show elapsed time after each statement
  :history [N]           the last N (default 20) statements and commands entered
  :source FILE           run the statements (and commands) in FILE
  :quit                  leave (also :exit, Ctrl-D)

After a statement that writes, the shell prints what it changed
("Added 2 nodes, Set 4 properties"). The prompt shows "tx" inside a
transaction and "ro" when the store is open read-only.
`

// errQuit is returned by Command for :quit.
var errQuit = errors.New("quit")

// IsQuit reports whether err asks the shell to stop.
func IsQuit(err error) bool { return errors.Is(err, errQuit) }

// IsTerminal reports whether f is a terminal (an *os.File on a tty).
func IsTerminal(f any) bool {
	x, ok := f.(*os.File)
	return ok && term.IsTerminal(int(x.Fd()))
}

// Command runs one shell command (a line starting with ':'). It returns an
// error satisfying IsQuit for :quit.
func (s *Session) Command(ctx context.Context, line string) error {
	line = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(line), ";"))
	name, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	if s.tx != nil && strings.EqualFold(name, ":use") {
		return errors.New("a transaction is open: :commit or :rollback it first")
	}
	switch strings.ToLower(name) {
	case ":begin", ":commit", ":rollback":
		return s.txCommand(ctx, strings.ToLower(name))
	case ":history":
		return s.history(arg)
	case ":max-rows":
		n, err := strconv.Atoi(arg)
		if arg == "" {
			fmt.Fprintln(s.Out, s.MaxTableRows)
			return nil
		}
		if err != nil || n < 0 {
			return errors.New("usage: :max-rows N (0 shows all rows)")
		}
		s.MaxTableRows = n
	case ":help", ":h", ":?":
		fmt.Fprint(s.Out, HelpText)
	case ":quit", ":q", ":exit":
		return errQuit
	case ":schema":
		return s.schema(ctx)
	case ":graphs":
		for _, g := range s.db.Store().Graphs() {
			mark := " "
			if g == s.graph {
				mark = "*"
			}
			fmt.Fprintf(s.Out, "%s %s\n", mark, g)
		}
	case ":use":
		create := false
		if rest, ok := strings.CutPrefix(arg, "--create"); ok && (rest == "" || rest[0] == ' ') {
			arg, create = strings.TrimSpace(rest), true
		}
		if err := s.Use(arg, create); err != nil {
			return err
		}
		fmt.Fprintf(s.Out, "using graph %q\n", s.graph)
	case ":params", ":param":
		if arg == "" {
			if len(s.Params) == 0 {
				fmt.Fprintln(s.Out, "no parameters")
			}
			for _, k := range SortedKeys(s.Params) {
				fmt.Fprintf(s.Out, "$%s = %s\n", k, value.Format(s.Params[k]))
			}
			return nil
		}
		if name, expr, ok := strings.Cut(arg, "=>"); ok {
			// :param name => expression sets one parameter.
			name = strings.TrimPrefix(strings.TrimSpace(name), "$")
			r, err := s.Query(ctx, "RETURN "+strings.TrimSpace(expr)+" AS v")
			if err != nil {
				return err
			}
			if name == "" || len(r.Rows) != 1 {
				return errors.New("usage: :param NAME => EXPRESSION")
			}
			s.Params[name] = r.Rows[0][0]
			fmt.Fprintf(s.Out, "$%s = %s\n", name, value.Format(r.Rows[0][0]))
			return nil
		}
		p, err := s.ParseParams(ctx, arg)
		if err != nil {
			return err
		}
		s.Params = p
		fmt.Fprintf(s.Out, "%d parameter(s) set\n", len(p))
	case ":explain":
		if arg == "" {
			return errors.New("usage: :explain STATEMENT")
		}
		f := s.Format
		s.Format = FormatTable // the plan prints as a tree whatever the format
		defer func() { s.Format = f }()
		return s.Exec(ctx, "EXPLAIN "+arg)
	case ":format":
		if arg == "" {
			fmt.Fprintln(s.Out, s.Format)
			return nil
		}
		f, err := ParseFormat(arg)
		if err != nil {
			return err
		}
		s.Format = f
	case ":timing":
		switch strings.ToLower(arg) {
		case "on":
			s.Timing = true
		case "off":
			s.Timing = false
		case "":
			s.Timing = !s.Timing
		default:
			return errors.New("usage: :timing on|off")
		}
		fmt.Fprintf(s.Out, "timing %s\n", map[bool]string{true: "on", false: "off"}[s.Timing])
	case ":source":
		if arg == "" {
			return errors.New("usage: :source FILE")
		}
		b, err := os.ReadFile(arg)
		if err != nil {
			return err
		}
		return s.runLines(ctx, string(b), arg)
	default:
		return fmt.Errorf("unknown command %s (try :help)", name)
	}
	return nil
}

// txCommand runs :begin, :commit and :rollback.
func (s *Session) txCommand(ctx context.Context, name string) error {
	if name == ":begin" {
		if s.tx != nil {
			return errors.New("a transaction is already open: :commit or :rollback it first")
		}
		// The transaction outlives this command: its context must not end
		// with it (a transaction whose context ended cannot commit).
		tx, err := s.db.Begin(context.WithoutCancel(ctx))
		if err != nil {
			return err
		}
		s.tx = tx
		fmt.Fprintln(s.Out, "transaction open: statements are stored by :commit, discarded by :rollback")
		return nil
	}
	if s.tx == nil {
		return errors.New("no transaction is open (:begin opens one)")
	}
	tx := s.tx
	s.tx = nil
	if name == ":rollback" {
		tx.Rollback()
		fmt.Fprintln(s.Out, "rolled back")
		return nil
	}
	changed := tx.Stats().String()
	if err := tx.Commit(); err != nil {
		return err
	}
	if changed == "" {
		changed = "no changes"
	}
	fmt.Fprintln(s.Out, "committed: "+changed)
	return nil
}

// history prints the last n (default 20) entries of the history.
func (s *Session) history(arg string) error {
	n := 20
	if arg != "" {
		var err error
		if n, err = strconv.Atoi(arg); err != nil || n <= 0 {
			return errors.New("usage: :history [N]")
		}
	}
	if len(s.History) == 0 {
		fmt.Fprintln(s.Out, "no history")
		return nil
	}
	first := max(len(s.History)-n, 0)
	for i := first; i < len(s.History); i++ {
		fmt.Fprintf(s.Out, "%5d  %s\n", i+1, s.History[i])
	}
	return nil
}

// schema prints the labels, relationship types and property keys in use,
// with counts, using the db.* procedures and count queries (the key counts
// scan the graph; Ctrl-C stops them).
func (s *Session) schema(ctx context.Context) error {
	list := func(q string) ([]string, error) {
		r, err := s.Query(ctx, q)
		if err != nil {
			return nil, err
		}
		var out []string
		for _, row := range r.Rows {
			if v, ok := row[0].(value.String); ok {
				out = append(out, string(v))
			}
		}
		return out, nil
	}
	count := func(q string) value.Value {
		r, err := s.Query(ctx, q)
		if err != nil || len(r.Rows) != 1 {
			return value.String("?")
		}
		return r.Rows[0][0]
	}
	labels, err := list("CALL db.labels() YIELD label RETURN label")
	if err != nil {
		return err
	}
	types, err := list("CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType")
	if err != nil {
		return err
	}
	keys, err := list("CALL db.propertyKeys() YIELD propertyKey RETURN propertyKey")
	if err != nil {
		return err
	}
	res := &Result{Columns: []string{"kind", "name", "count"}}
	for _, l := range labels {
		res.Rows = append(res.Rows, []value.Value{value.String("label"), value.String(":" + value.QuoteName(l)),
			count("MATCH (n:" + value.QuoteName(l) + ") RETURN count(n)")})
	}
	for _, t := range types {
		res.Rows = append(res.Rows, []value.Value{value.String("relationship type"), value.String(":" + value.QuoteName(t)),
			count("MATCH ()-[r:" + value.QuoteName(t) + "]->() RETURN count(r)")})
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	fmt.Fprintf(s.Out, "graph %q: %v nodes, %v relationships\n", s.graph,
		count("MATCH (n) RETURN count(n)"), count("MATCH ()-[r]->() RETURN count(r)"))
	if err := WriteWidth(s.Out, FormatTable, res, s.Width); err != nil {
		return err
	}
	if len(keys) == 0 {
		return nil
	}
	kr := &Result{Columns: []string{"property key", "nodes", "relationships"}}
	for _, k := range keys {
		if err := ctx.Err(); err != nil {
			return err
		}
		q := value.QuoteName(k)
		kr.Rows = append(kr.Rows, []value.Value{value.String(k),
			count("MATCH (n) WHERE n." + q + " IS NOT NULL RETURN count(n)"),
			count("MATCH ()-[r]->() WHERE r." + q + " IS NOT NULL RETURN count(r)")})
	}
	return WriteWidth(s.Out, FormatTable, kr, s.Width)
}

// RunLines runs shell input that is not interactive: lines starting with
// ':' (outside a statement) are commands, the rest are `;`-terminated
// statements. It stops at the first error, or at :quit.
func (s *Session) RunLines(ctx context.Context, src string) error {
	return s.runLines(ctx, src, "")
}

func (s *Session) runLines(ctx context.Context, src, name string) error {
	var buf strings.Builder
	bufLine := 1
	flush := func(final bool) (ran bool, err error) {
		text := buf.String()
		stmts, rest := Split(text)
		if final && !blank(rest) {
			stmts = append(stmts, Statement{Text: strings.TrimSpace(rest), Offset: len(text) - len(rest) + (len(rest) - len(strings.TrimLeft(rest, " \t\r\n")))})
			rest = ""
		}
		for _, st := range stmts {
			if err := s.Exec(ctx, st.Text); err != nil {
				err = Relocate(err, text, st)
				if name != "" {
					return true, &ScriptError{Name: name, Err: shiftLines(err, bufLine-1)}
				}
				return true, err
			}
		}
		buf.Reset()
		buf.WriteString(rest)
		return len(stmts) > 0, nil
	}
	lines := strings.SplitAfter(src, "\n")
	for i, line := range lines {
		if blank(buf.String()) && strings.HasPrefix(strings.TrimSpace(line), ":") {
			buf.Reset()
			if err := s.Command(ctx, line); err != nil {
				if IsQuit(err) {
					return nil
				}
				if name != "" {
					return fmt.Errorf("%s:%d: %w", name, i+1, err)
				}
				return err
			}
			bufLine = i + 2
			continue
		}
		if blank(buf.String()) {
			buf.Reset()
			bufLine = i + 1
		}
		buf.WriteString(line)
		ran, err := flush(false)
		if err != nil {
			return err
		}
		switch {
		case blank(buf.String()):
			bufLine = i + 2
		case ran:
			bufLine = i + 1 // what is left starts after the last ';' of this line
		}
	}
	_, err := flush(true)
	return err
}

// shiftLines moves an engine error n lines down (for statements that start
// part-way into a file).
func shiftLines(err error, n int) error {
	if n == 0 {
		return err
	}
	if ce := cyqerr.As(err); ce != nil && ce.Pos.IsValid() {
		c := *ce
		c.Pos.Line += n
		c.Source = strings.Repeat("\n", n) + c.Source
		c.Pos.Offset += n
		if c.EndOff > 0 {
			c.EndOff += n
		}
		return &c
	}
	return err
}
