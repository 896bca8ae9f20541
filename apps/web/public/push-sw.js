/* The shop's push service worker: shows a Firebase Cloud Messaging notification (the server
 * sends `notification: { title, body }` and `data.url`) and opens its page when tapped. It
 * needs no Firebase code: FCM web push arrives as a standard Push API event. */
self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    return; // not one of ours
  }
  const notification = payload.notification ?? {};
  const data = payload.data ?? {};
  if (!notification.title) return;
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      body: notification.body ?? '',
      icon: '/favicon.svg',
      data: { url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url ?? '/';
  event.waitUntil(clients.openWindow(url));
});
