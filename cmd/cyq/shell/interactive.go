package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"

	"github.com/peterh/liner"
	"golang.org/x/term"
)

// InteractiveOptions configure Session.Interactive.
type InteractiveOptions struct {
	// History is the history file ("" keeps history for the session only).
	History string
}

// Interactive runs the line-editing shell on the terminal (os.Stdin and
// os.Stdout) until :quit or Ctrl-D. Ctrl-C cancels the running statement,
// or clears the line being typed.
func (s *Session) Interactive(o InteractiveOptions) error {
	ln := liner.NewLiner()
	defer ln.Close()
	ln.SetCtrlCAborts(true)
	ln.SetMultiLineMode(true)
	ln.SetTabCompletionStyle(liner.TabPrints)
	comp := newCompleter(s)
	ln.SetWordCompleter(comp.complete)
	if o.History != "" {
		if b, err := os.ReadFile(o.History); err == nil {
			_, _ = ln.ReadHistory(strings.NewReader(string(b)))
			for _, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
				if l != "" {
					s.History = append(s.History, l)
				}
			}
		}
	}
	remember := func(entry string) {
		ln.AppendHistory(entry)
		s.History = append(s.History, entry)
	}
	saveHistory := func() {
		if o.History == "" {
			return
		}
		_ = os.MkdirAll(filepath.Dir(o.History), 0o755)
		if f, err := os.OpenFile(o.History, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600); err == nil {
			_, _ = ln.WriteHistory(f)
			f.Close()
		}
	}
	defer saveHistory()

	// Ctrl-C while a statement runs arrives as SIGINT (the prompt reads it
	// as a key instead); it cancels the statement, never the shell.
	var mu sync.Mutex
	var cancel context.CancelFunc
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case <-sig:
				mu.Lock()
				if cancel != nil {
					cancel()
				}
				mu.Unlock()
			case <-done:
				return
			}
		}
	}()
	run := func(f func(ctx context.Context) error) {
		s.FitTerminal(os.Stdout) // tables fit the terminal as it is now
		ctx, c := context.WithCancel(context.Background())
		mu.Lock()
		cancel = c
		mu.Unlock()
		err := f(ctx)
		mu.Lock()
		cancel = nil
		mu.Unlock()
		if err != nil && !IsQuit(err) {
			if ctx.Err() != nil {
				fmt.Fprintln(s.Err, "cancelled")
			} else {
				fmt.Fprintln(s.Err, Describe(err))
			}
		}
		c()
	}

	where := s.dir
	if where == "" {
		where = "an in-memory store"
	}
	fmt.Fprintf(s.Out, "cyq shell on graph %q of %s. Statements end with ';'. :help for help, Ctrl-D to quit.\n", s.graph, where)
	var buf []string
	for {
		prompt := s.Prompt()
		if len(buf) > 0 {
			prompt = strings.Repeat(" ", max(len(prompt)-5, 0)) + "...> "
		}
		line, err := ln.Prompt(prompt)
		if errors.Is(err, liner.ErrPromptAborted) {
			buf = buf[:0]
			continue
		}
		if errors.Is(err, io.EOF) {
			fmt.Fprintln(s.Out)
			return nil
		}
		if err != nil {
			return err
		}
		if len(buf) == 0 && strings.HasPrefix(strings.TrimSpace(line), ":") {
			remember(strings.TrimSpace(line))
			quit := false
			run(func(ctx context.Context) error {
				err := s.Command(ctx, line)
				quit = IsQuit(err)
				return err
			})
			if quit {
				return nil
			}
			comp.invalidate()
			continue
		}
		if len(buf) == 0 && strings.TrimSpace(line) == "" {
			continue
		}
		buf = append(buf, line)
		text := strings.Join(buf, "\n")
		stmts, rest := Split(text)
		if len(stmts) == 0 && !(blank(rest) && strings.Contains(text, ";")) {
			continue // no complete statement yet
		}
		remember(historyEntry(buf))
		saveHistory()
		buf = buf[:0]
		for _, st := range stmts {
			failed := false
			run(func(ctx context.Context) error {
				err := s.Exec(ctx, st.Text)
				failed = err != nil
				if err != nil {
					return Relocate(err, text, st)
				}
				return nil
			})
			if failed {
				break
			}
		}
		comp.invalidate()
		if !blank(rest) {
			buf = append(buf, rest)
		}
	}
}

// FitTerminal sets Width to the width of the terminal out is, if it is
// one; tables are then fitted to it.
func (s *Session) FitTerminal(out any) {
	if f, ok := out.(*os.File); ok && IsTerminal(f) {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			s.Width = w
		}
	}
}

// Prompt returns the prompt: "cyq:GRAPH> ", with "ro" when the store is
// open read-only and "tx" inside a transaction ("cyq:GRAPH ro tx> ").
func (s *Session) Prompt() string {
	marks := ""
	if s.readOnly {
		marks += " ro"
	}
	if s.tx != nil {
		marks += " tx"
	}
	return "cyq:" + s.graph + marks + "> "
}

// historyEntry puts a statement typed over several lines on one history
// line, keeping the spacing inside each line.
func historyEntry(lines []string) string {
	parts := make([]string, 0, len(lines))
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, " ")
}
