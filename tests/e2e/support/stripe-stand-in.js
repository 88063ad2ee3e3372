// A small stand-in for Stripe.js, served in place of https://js.stripe.com/** by Playwright
// (the real script cannot be reached from here). It implements only what the checkout page uses:
// elements() with the split card elements, confirmCardPayment and retrievePaymentIntent.
// Card fields are plain inputs; card number 4000000000000002 is declined, as with Stripe's test cards.
/* global window, document, setTimeout */
/* eslint-disable @typescript-eslint/no-this-alias -- ES5 on purpose: it runs as a classic script */
;(function () {
  var LABELS = { cardNumber: 'Card number', cardExpiry: 'Expiration date MM / YY', cardCvc: 'CVC' }
  var INCOMPLETE = {
    cardNumber: 'Your card number is incomplete.',
    cardExpiry: "Your card's expiration date is incomplete.",
    cardCvc: "Your card's security code is incomplete.",
  }
  // When a field counts as complete, as Stripe.js reports it in change events (digits only).
  var COMPLETE = { cardNumber: /^\d{15,16}$/, cardExpiry: /^\d{4}$/, cardCvc: /^\d{3,4}$/ }
  var calls = (window.__stripeStandIn = { keys: [], confirmations: [], retrievals: [] })

  function StandInElement(type) {
    this.type = type
    this.listeners = {}
    this.input = null
  }
  StandInElement.prototype.emit = function (event, payload) {
    ;(this.listeners[event] || []).slice().forEach(function (listener) {
      listener(payload)
    })
  }
  StandInElement.prototype.on = function (event, listener) {
    ;(this.listeners[event] = this.listeners[event] || []).push(listener)
    return this
  }
  StandInElement.prototype.off = function (event, listener) {
    this.listeners[event] = (this.listeners[event] || []).filter(function (candidate) {
      return candidate !== listener
    })
    return this
  }
  StandInElement.prototype.once = StandInElement.prototype.on
  StandInElement.prototype.mount = function (target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target
    var input = document.createElement('input')
    var self = this
    input.setAttribute('aria-label', LABELS[this.type] || this.type)
    input.setAttribute('data-stripe-stand-in', this.type)
    input.style.cssText = 'width:100%;border:0;outline:0;font:inherit'
    input.addEventListener('input', function () {
      var digits = input.value.replace(/\D/g, '')
      self.emit('change', { elementType: self.type, empty: !input.value, complete: COMPLETE[self.type].test(digits), error: undefined })
    })
    node.appendChild(input)
    this.input = input
    setTimeout(function () {
      self.emit('ready', self)
    }, 0)
  }
  StandInElement.prototype.update = function () {}
  StandInElement.prototype.focus = function () {
    if (this.input) this.input.focus()
  }
  StandInElement.prototype.blur = function () {}
  StandInElement.prototype.clear = function () {
    if (this.input) this.input.value = ''
  }
  StandInElement.prototype.unmount = function () {
    if (this.input) this.input.remove()
  }
  StandInElement.prototype.destroy = StandInElement.prototype.unmount

  function StandInElements() {
    this.created = {}
  }
  StandInElements.prototype.create = function (type) {
    var element = new StandInElement(type)
    this.created[type] = element
    return element
  }
  StandInElements.prototype.getElement = function (type) {
    // Like Stripe.js, accepts a type name or a React Stripe.js component (which carries __elementType).
    var element = this.created[typeof type === 'string' ? type : type && type.__elementType]
    return element && element.input && element.input.isConnected ? element : null
  }
  StandInElements.prototype.update = function () {}

  function Stripe(key) {
    calls.keys.push(key)
    var elements = null
    return {
      elements: function () {
        elements = new StandInElements()
        return elements
      },
      createToken: function () {
        return Promise.reject(new Error('not in the stand-in'))
      },
      createPaymentMethod: function () {
        return Promise.reject(new Error('not in the stand-in'))
      },
      confirmCardPayment: function (clientSecret, data) {
        var details = (data && data.payment_method && data.payment_method.billing_details) || {}
        calls.confirmations.push({ clientSecret: clientSecret, billingDetails: details })
        var missing = ['cardNumber', 'cardExpiry', 'cardCvc'].filter(function (type) {
          var element = elements && elements.created[type]
          return !element || !element.input || !element.input.value
        })[0]
        if (missing) return Promise.resolve({ error: { type: 'validation_error', message: INCOMPLETE[missing] } })
        if (elements.created.cardNumber.input.value.replace(/\D/g, '') === '4000000000000002') {
          return Promise.resolve({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } })
        }
        return Promise.resolve({ paymentIntent: { id: 'pi_stand_in', client_secret: clientSecret, status: 'succeeded' } })
      },
      retrievePaymentIntent: function (clientSecret) {
        calls.retrievals.push(clientSecret)
        var failed = clientSecret.indexOf('fail') !== -1
        return Promise.resolve({
          paymentIntent: { id: 'pi_stand_in', client_secret: clientSecret, status: failed ? 'requires_payment_method' : 'succeeded' },
        })
      },
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    }
  }
  Stripe.version = 'clover'
  window.Stripe = Stripe
})()
