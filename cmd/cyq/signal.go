package main

import (
	"context"
	"os"
	"os/signal"
)

// interruptContext returns a context cancelled by the first Ctrl-C; a second
// one kills the process as usual.
func interruptContext() (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt)
	go func() {
		select {
		case <-ch:
			cancel()
			signal.Stop(ch)
		case <-ctx.Done():
		}
	}()
	return ctx, func() { signal.Stop(ch); cancel() }
}
