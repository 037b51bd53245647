import type { Outcomes } from '../../en/outcomes';

const api: Outcomes['api'] = {
  success: 'Kiwedde bulungi',
  unauthenticated: 'Tonnayingira',
  notLoggedIn: 'Tonnayingira mu kawunti yo.',
  sessionExpired: "Obudde bwo obw'okuyingira buweddeko. Ddamu oyingire.",
  server: 'Waliwo ekitagenze bulungi ku sseeva. Gezaako oluvannyuma.',
  network: 'Waliwo obuzibu ku mutimbagano. Kebera intaneeti yo ogezeeko nate.',
  notFound: 'Tekirabise',
  because: (failure, reason) => `${failure}: ${reason}`,
  manifestRetrieved: 'Ebikwata ku dduuka bifunyiddwa',
};

export default api;
