"""Arquivos de saída, tudo ou nada (issue 15, item 7): `cotas apurar --saida` publica um conjunto
completo ou nada; o novo substitui o anterior inteiro; as sobras de uma gravação interrompida
somem na próxima; um destino vazio ou perigoso é recusado; `kill -9` em pontos ao acaso deixa a
pasta com o conjunto anterior completo ou com o novo completo."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest

from cotas.documentos import formatos
from tests.cli.conftest import COTAS, EXEMPLOS, rodar

MONTENEGRO = EXEMPLOS / "montenegro" / "cenario.toml"


def _conjunto(pasta: Path) -> dict[str, bytes]:
    """Nome → conteúdo (o XLSX leva a hora em que foi escrito: dele, só o nome)."""
    return {
        p.name: b"" if p.suffix == ".xlsx" else p.read_bytes()
        for p in sorted(pasta.iterdir())
        if p.name != formatos.MANIFESTO
    }


def _manifesto(pasta: Path) -> list[str]:
    linhas = (pasta / formatos.MANIFESTO).read_text(encoding="utf-8").splitlines()
    return [linha for linha in linhas if not linha.startswith("#")]


def test_o_conjunto_novo_substitui_o_anterior_inteiro(tmp_path: Path) -> None:
    destino = tmp_path / "s"
    formatos.gravar_pasta(destino, {"grafico-do-certame-anterior.svg": b"<svg/>"})
    r = rodar("apurar", MONTENEGRO, "--saida", destino, "--sem-pdf")
    assert r.returncode == 0, r.stderr
    nomes = {p.name for p in destino.iterdir()}
    assert "grafico-do-certame-anterior.svg" not in nomes
    assert sorted(nomes - {formatos.MANIFESTO}) == sorted(_manifesto(destino))
    assert [p.name for p in tmp_path.iterdir()] == ["s"]  # nenhuma pasta oculta ao lado


def test_sobras_de_uma_gravacao_interrompida_somem(tmp_path: Path) -> None:
    destino = tmp_path / "s"
    sobra = tmp_path / ".s.cotas-abc123"
    sobra.mkdir()
    (sobra / formatos.MANIFESTO).write_text("# cotas\n", encoding="utf-8")
    (sobra / "classificacao.csv").write_bytes(b"x" * 1000)
    alheia = tmp_path / ".s.cotas-de-outra-pessoa"  # sem manifesto e não vazia: não é nossa
    alheia.mkdir()
    (alheia / "nota.txt").write_text("minha", encoding="utf-8")
    formatos.gravar_pasta(destino, {"a.csv": b"1"})
    assert not sobra.exists()
    assert (alheia / "nota.txt").read_text(encoding="utf-8") == "minha"


def test_troca_interrompida_sem_renameat2_volta_a_anterior(tmp_path: Path) -> None:
    """Sem a troca atômica, a anterior fica guardada durante os dois nomes; se a gravação morre
    entre eles, a próxima a põe de volta antes de qualquer coisa."""
    destino = tmp_path / "s"
    guardada = tmp_path / ".s.cotas-anterior-xyz"
    guardada.mkdir()
    (guardada / formatos.MANIFESTO).write_text("# cotas\nvelho.csv\n", encoding="utf-8")
    (guardada / "velho.csv").write_bytes(b"velho")
    formatos._recuperar_e_limpar_sobras(destino)
    assert (destino / "velho.csv").read_bytes() == b"velho"


@pytest.mark.parametrize("como", ["", ".", "/", "~", "acima"])
def test_destino_perigoso_e_recusado(tmp_path: Path, como: str) -> None:
    trabalho = tmp_path / "trabalho"
    trabalho.mkdir()
    (trabalho / "meu-arquivo.txt").write_text("meu", encoding="utf-8")
    destino = {"~": str(Path.home()), "acima": str(tmp_path)}.get(como, como)
    r = rodar("apurar", MONTENEGRO, "--saida", destino, "--sem-pdf", cwd=trabalho)
    assert r.returncode == 2, r.stderr
    assert "erro: a pasta de saída" in r.stderr and "Traceback" not in r.stderr
    assert sorted(p.name for p in trabalho.iterdir()) == ["meu-arquivo.txt"]


def test_pasta_com_o_que_nao_e_nosso_e_recusada(tmp_path: Path) -> None:
    destino = tmp_path / "documentos"
    destino.mkdir()
    (destino / "contrato.odt").write_bytes(b"importante")
    r = rodar("apurar", MONTENEGRO, "--saida", destino, "--sem-pdf")
    assert r.returncode == 2
    assert "não é de uma apuração anterior" in r.stderr and "contrato.odt" in r.stderr
    assert [p.name for p in destino.iterdir()] == ["contrato.odt"]
    # Vazia, serve.
    vazia = tmp_path / "vazia"
    vazia.mkdir()
    assert rodar("apurar", MONTENEGRO, "--saida", vazia, "--sem-pdf").returncode == 0


def test_source_date_epoch_da_os_mesmos_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """O "Gerado em" vem de SOURCE_DATE_EPOCH quando dado: duas apurações, em minutos
    diferentes, dão os mesmos documentos; um valor que não é número é recusado sem gravar."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")  # 01/01/2026 00:00 UTC
    monkeypatch.setenv("TZ", "America/Sao_Paulo")
    assert rodar("apurar", MONTENEGRO, "--saida", tmp_path / "a", "--sem-pdf").returncode == 0
    html = (tmp_path / "a" / "listas.html").read_text(encoding="utf-8")
    assert "Gerado em 31/12/2025 às 21:00" in html
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225659")  # o mesmo minuto
    assert rodar("apurar", MONTENEGRO, "--saida", tmp_path / "b", "--sem-pdf").returncode == 0
    assert _conjunto(tmp_path / "a") == _conjunto(tmp_path / "b")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "ontem")
    r = rodar("apurar", MONTENEGRO, "--saida", tmp_path / "c", "--sem-pdf")
    assert r.returncode == 2 and "SOURCE_DATE_EPOCH='ontem'" in r.stderr, r.stderr
    assert not (tmp_path / "c").exists()


@pytest.mark.queda
def test_kill_9_em_pontos_ao_acaso_deixa_um_conjunto_completo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # O carimbo "Gerado em" fixo: sem ele, duas apurações em minutos diferentes diferem.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    referencia = tmp_path / "referencia"
    assert rodar("apurar", MONTENEGRO, "--saida", referencia, "--sem-pdf").returncode == 0
    novo = _conjunto(referencia)
    destino = tmp_path / "s"
    velho = {"velho.csv": b"conjunto anterior", "velho.svg": b"<svg/>"}
    formatos.gravar_pasta(destino, velho)
    anterior = _conjunto(destino)
    sorteio = random.Random(15)
    resultados = []
    for _ in range(10):
        processo = subprocess.Popen(
            [str(COTAS), "apurar", str(MONTENEGRO), "--saida", str(destino), "--sem-pdf"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(sorteio.uniform(0.2, 1.8))
        if processo.poll() is None:
            os.kill(processo.pid, signal.SIGKILL)
        resultados.append(processo.wait())
        agora = _conjunto(destino)
        assert agora in (anterior, novo), sorted(agora)
        assert sorted(agora) == sorted(_manifesto(destino))
        if agora == novo:  # volta ao anterior para a próxima tentativa
            formatos.gravar_pasta(destino, velho)
    assert -signal.SIGKILL in resultados  # houve interrupção de verdade
    assert rodar("apurar", MONTENEGRO, "--saida", destino, "--sem-pdf").returncode == 0
    assert _conjunto(destino) == novo
    assert sorted(p.name for p in tmp_path.iterdir()) == ["referencia", "s"]  # nada oculto
