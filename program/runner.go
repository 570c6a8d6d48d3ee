package program

import "github.com/cyqdb/cyq/internal/engine"

// Runner validates, lowers, runs, stores and chains GraphPrograms against
// one graph of an engine.
type Runner struct{ eng *engine.Engine }

// New returns a Runner for eng's graph.
func New(eng *engine.Engine) *Runner { return &Runner{eng: eng} }
