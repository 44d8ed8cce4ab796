# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    # v1 gibi: önce fark, sonra kareler toplamı
    fark = X[:, None, :] - Y[None, :, :]
    kare = jnp.sum(fark ** 2, axis=-1)
    # çift where: sıfır olan yerde sqrt'a güvenli bir değer ver, sonra sıfırı geri koy
    sifir_mi = kare == 0
    guvenli = jnp.where(sifir_mi, jnp.ones_like(kare), kare)
    return jnp.where(sifir_mi, jnp.zeros_like(kare), jnp.sqrt(guvenli))
