"""The phone without reception: the service worker, the manifest, the key for syncing."""
