// Linux's epoll, which Glibc's Swift module does not map: the HTTP server's event loop
// waits on it (see Sources/HTTPServer/Loop/EpollPoller.swift). Declarations only.
#include <sys/epoll.h>
