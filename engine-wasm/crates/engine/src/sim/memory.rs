//! Memory a run holds, counted by the allocator: the third budget of a run
//! ([`super::RunBudget::memory_bytes`]).
//!
//! A program that runs the engine (the `skyqueue` command, the Python module, the browser's
//! wasm) installs [`CountingAllocator`] as its global allocator. It keeps, per thread, the bytes
//! allocated minus the bytes freed; a [`super::Simulation`] notes that count when it is built and
//! checks the difference while it runs (a `Simulation` is not `Send`, so it runs on the thread
//! that built it, and a sweep's parallel runs do not count each other's memory). Without the allocator (a library
//! user's program, the engine's unit tests) nothing is counted and the budget is not checked.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

thread_local! {
    /// Bytes allocated minus bytes freed on this thread (freed memory allocated on another thread
    /// makes it go down: only differences taken on one thread mean anything).
    static NET: Cell<i64> = const { Cell::new(0) };
}

/// Whether a [`CountingAllocator`] is the program's allocator (set at its first allocation).
static COUNTING: AtomicBool = AtomicBool::new(false);

/// The system allocator, counting what each thread holds. Install it in a program's root crate:
/// `#[global_allocator] static ALLOC: engine::sim::memory::CountingAllocator =
/// engine::sim::memory::CountingAllocator;`
pub struct CountingAllocator;

/// Notes that this allocator counts: a load first, so that threads allocating at once do not all
/// write the same cache line on every allocation.
fn counting() {
    if !COUNTING.load(Ordering::Relaxed) {
        COUNTING.store(true, Ordering::Relaxed);
    }
}

fn count(delta: i64) {
    // `try_with`: during a thread's teardown its local may be gone; nothing to count then.
    let _ = NET.try_with(|n| n.set(n.get().wrapping_add(delta)));
}

// SAFETY: every call goes to the system allocator with the caller's arguments unchanged; the
// counting touches only a const-initialised thread-local cell, which never allocates.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on as is.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            counting();
            count(layout.size() as i64);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on as is.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            counting();
            count(layout.size() as i64);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on as is.
        unsafe { System.dealloc(ptr, layout) };
        count(-(layout.size() as i64));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract is passed on as is.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            count(new_size as i64 - layout.size() as i64);
        }
        p
    }
}

/// Where a run's memory count starts: its thread's count then (a `Simulation` is not `Send`: it
/// is checked on the thread that built it).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mark {
    net: i64,
}

impl Mark {
    /// The count on this thread now, if the program counts.
    pub(crate) fn now() -> Option<Mark> {
        COUNTING.load(Ordering::Relaxed).then(|| Mark { net: net_here() })
    }

    /// Bytes allocated and not freed on this thread since the mark.
    pub(crate) fn held(&self) -> u64 {
        net_here().saturating_sub(self.net).max(0) as u64
    }
}

fn net_here() -> i64 {
    NET.try_with(Cell::get).unwrap_or(0)
}
