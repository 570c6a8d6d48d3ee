package importer

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cmd/cyq/shell"
	"github.com/cyqdb/cyq/parser"
)

// ScriptResult summarises a Cypher script run.
type ScriptResult struct {
	Statements int // statements in the script
	Run        int // statements that succeeded
	Failed     int // statements that failed (only with continueOnError)
}

// RunCypher runs the `;`-separated statements of a script through the
// engine, each in its own transaction. The whole script is parsed first, so
// a syntax error anywhere stops it before anything runs. A failing
// statement (for instance a schema command the engine does not support) is
// reported to report with its position; with continueOnError the script
// goes on, otherwise it stops and the error is returned.
func RunCypher(ctx context.Context, db *cyq.DB, src, name string, continueOnError bool, report io.Writer) (ScriptResult, error) {
	stmts, rest := shell.Split(src)
	if !strings.HasPrefix(strings.TrimSpace(rest), "//") && strings.TrimSpace(rest) != "" {
		off := len(src) - len(rest) + (len(rest) - len(strings.TrimLeft(rest, " \t\r\n")))
		stmts = append(stmts, shell.Statement{Text: strings.TrimSpace(rest), Offset: off, Line: 1 + strings.Count(src[:off], "\n")})
	}
	res := ScriptResult{Statements: len(stmts)}
	schema := make([]bool, len(stmts))
	for i, st := range stmts {
		parsed, err := parser.Parse(st.Text)
		if err != nil {
			return res, &shell.ScriptError{Name: name, Err: shell.Relocate(err, src, st)}
		}
		schema[i] = parsed.Command != nil
	}
	if !continueOnError {
		return runAtomically(ctx, db, src, name, stmts, schema, res)
	}
	for i, st := range stmts {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		rows, err := db.Query(ctx, st.Text, nil)
		if err == nil {
			_, err = rows.All()
			rows.Close()
		}
		if err != nil {
			err = &shell.ScriptError{Name: name, Err: shell.Relocate(err, src, st)}
			res.Failed++
			if report != nil {
				fmt.Fprintf(report, "statement %d of %d failed, continuing:\n%s\n", i+1, len(stmts), indent(shell.Describe(err)))
			}
			continue
		}
		res.Run++
	}
	return res, nil
}

// runAtomically runs a script's schema commands first, each on its own,
// then every other statement in one transaction: when a statement fails,
// none of the script's data is imported.
func runAtomically(ctx context.Context, db *cyq.DB, src, name string, stmts []shell.Statement, schema []bool, res ScriptResult) (ScriptResult, error) {
	fail := func(i int, err error) (ScriptResult, error) {
		err = &shell.ScriptError{Name: name, Err: shell.Relocate(err, src, stmts[i])}
		return res, fmt.Errorf("statement %d of %d failed; no data from the script was imported (--continue-on-error runs each statement on its own and skips failing ones):\n%s", i+1, len(stmts), shell.Describe(err))
	}
	for i, st := range stmts {
		if !schema[i] {
			continue
		}
		rows, err := db.Query(ctx, st.Text, nil)
		if err != nil {
			return fail(i, err)
		}
		rows.Close()
		res.Run++
	}
	tx, err := db.Begin(ctx)
	if err != nil {
		return res, err
	}
	defer tx.Rollback()
	run := 0
	for i, st := range stmts {
		if schema[i] {
			continue
		}
		if err := ctx.Err(); err != nil {
			return res, err
		}
		if _, err := tx.Query(ctx, st.Text, nil); err != nil {
			return fail(i, err)
		}
		run++
	}
	if err := tx.Commit(); err != nil {
		return res, err
	}
	res.Run += run
	return res, nil
}

func indent(s string) string { return "  " + strings.ReplaceAll(s, "\n", "\n  ") }
