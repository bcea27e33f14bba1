"""Dispositivos que a aplicação cita sem que o motor os aplique: `[citacoes.<chave>]` nos dados
da lei, com artigo e texto; e os federais, em `dispositivos-federais.toml`."""

from __future__ import annotations

import pytest

from cotas.motor.erros import LeiInvalida
from cotas.motor.legislacao import carregar_lei, catalogo_padrao, dispositivo_federal


def test_citacao_da_lei_com_artigo_e_texto() -> None:
    lei = catalogo_padrao().lei("montenegro-rs/lei-7344-2025")
    quadro = lei.citacoes["quadro_no_edital"]
    assert quadro.norma == lei.norma
    assert quadro.artigo and "total de vagas" in quadro.texto


def test_citacao_sem_texto_e_recusada() -> None:
    from tests.motor.test_legislacao import lei

    texto = lei() + '\n[citacoes.quadro_no_edital]\nartigo = "art. 1"\n'
    with pytest.raises(LeiInvalida, match=r"citacoes\.quadro_no_edital.*texto"):
        carregar_lei(texto, "teste.toml")


def test_dados_sensiveis_citam_a_lgpd_dos_dados() -> None:
    ref = dispositivo_federal("lgpd_sensiveis")
    assert "13.709" in ref.norma and "dados pessoais sensíveis" in ref.texto
