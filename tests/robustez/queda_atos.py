"""Processo que test_queda.py mata com SIGKILL no meio de um ato.

Uso: python tests/robustez/queda_atos.py preparar | <ato> | conferir
(DATABASE_URL e DJANGO_SETTINGS_MODULE no ambiente; o banco é só deste teste).

Cada execução, ao começar, faz o que um servidor faz ao subir depois de uma queda: retoma as
tarefas interrompidas e as montagens da consulta pública, roda a fila uma vez; então confere o
registro (`verificar_auditoria`), imprime a linha ESTADO com as contagens de cada ato (registros
e efeitos) e, se pediram um ato, imprime INICIO, faz o ato, imprime FEITO e espera ser morto.
"""

from __future__ import annotations

import io
import json
import sys
import time
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import django

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from cotas_web.certames.models import Certame

PASTA = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(".")
LINHAS_POR_IMPORTACAO = 2_000


def _cpf(n: int) -> str:
    digitos = [int(d) for d in f"{n:09d}"]
    for k in (10, 11):
        soma = sum(d * p for d, p in zip(digitos, range(k, 1, -1), strict=False))
        resto = soma * 10 % 11
        digitos.append(0 if resto == 10 else resto)
    return "".join(map(str, digitos))


def _csv(inicio: int) -> Path:
    cores = ("branca", "parda", "preta", "branca", "branca")
    linhas = [
        "inscricao,nome,cpf,data_nascimento,cargo,nota,situacao,cor_raca,reserva_negros,pcd,"
        "heteroidentificacao"
    ]
    for i in range(inicio, inicio + LINHAS_POR_IMPORTACAO):
        cor = cores[i % 5]
        reserva = "sim" if cor != "branca" else "nao"
        nota = f"{50 + (i * 7919) % 5000 / 100:.2f}"
        linhas.append(
            f"{i},Pessoa {i},{_cpf(100000000 + i)},1990-01-01,PROF,{nota},aprovado,{cor},"
            f"{reserva},nao,"
        )
    arquivo = PASTA / f"candidatos-{inicio}.csv"
    arquivo.write_text("\n".join(linhas) + "\n", encoding="utf-8")
    return arquivo


def _inicio() -> None:
    """O estado logo antes do ato (depois de algum preparo) e o sinal para o golpe."""
    print("ANTES " + json.dumps(estado(), ensure_ascii=False), flush=True)
    print("INICIO", flush=True)


def _contexto() -> tuple[User, Certame]:
    from django.contrib.auth import get_user_model

    from cotas_web.certames.models import Certame

    return get_user_model().objects.get(username="rita"), Certame.objects.get()


def preparar() -> None:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from cotas_web.certames.services import cargo_adicionar, certame_criar
    from cotas_web.contas.models import Perfil

    call_command("migrate", verbosity=0)
    rita = get_user_model().objects.create_user("rita", password="s" * 12)
    Perfil.objects.create(usuario=rita, papel="rh")
    c = certame_criar(
        usuario=rita,
        nome="Concurso da queda",
        municipio="Mostardas/RS",
        orgao="administracao_direta",
        data_edital=date(2025, 3, 1),
        tipo="concurso_publico",
        validade_ate=date(2027, 3, 1),
    )
    cargo_adicionar(usuario=rita, certame=c, codigo="PROF", nome="Professor", vagas_edital=5)


def _dia() -> date:
    """Cada ato depois da homologação num dia novo (as datas nunca voltam)."""
    from cotas_web.auditoria.models import Registro

    return date(2025, 8, 3) + timedelta(days=Registro.objects.count())


def _garantir(ato: str) -> None:
    """O preparo de um ato: o que ele pede (candidatos, homologação, vagas) vai até o fim antes
    do ato, se as quedas anteriores o desfizeram."""
    from cotas_web.candidatos.models import Candidato
    from cotas_web.nomeacoes.models import OfertaVagas

    _, certame = _contexto()
    if ato == "homologar" and not Candidato.objects.exists():
        importar(avisar=False)
    if ato == "ofertar_edital" and certame.homologado_em is None:
        _garantir("homologar")
        homologar(avisar=False)
    if ato == "nomear" and not OfertaVagas.objects.filter(do_edital=True).exists():
        _garantir("ofertar_edital")
        ofertar_edital(avisar=False)


def importar(avisar: bool = True) -> None:
    from cotas_web.candidatos.models import Importacao
    from cotas_web.candidatos.services import importacao_confirmar

    rita, certame = _contexto()
    inicio = 10_000 + Importacao.objects.count() * LINHAS_POR_IMPORTACAO
    arquivo = _csv(inicio)
    if avisar:
        _inicio()
    importacao_confirmar(usuario=rita, certame=certame, caminho=arquivo, nome_arquivo=arquivo.name)


def homologar(avisar: bool = True) -> None:
    from cotas_web.certames.services import certame_homologar

    rita, certame = _contexto()
    if avisar:
        _inicio()
    certame_homologar(usuario=rita, certame=certame, data=date(2025, 8, 1))


def ofertar_edital(avisar: bool = True) -> None:
    from cotas_web.nomeacoes.services import vagas_edital_ofertar

    rita, certame = _contexto()
    if avisar:
        _inicio()
    vagas_edital_ofertar(usuario=rita, certame=certame, data=date(2025, 8, 2))


def nomear(avisar: bool = True) -> None:
    from cotas_web.nomeacoes.selectors import propostas_do_motor
    from cotas_web.nomeacoes.services import nomeacao_confirmar

    rita, certame = _contexto()
    dia = _dia()
    if avisar:
        _inicio()
    p = propostas_do_motor(certame=certame)[0]
    nomeacao_confirmar(
        usuario=rita,
        cargo=p.cargo,
        inscricao=p.inscricao,
        portaria=f"{p.ordem}/2025",
        data_portaria=dia,
    )


def desistir() -> None:
    from cotas_web.nomeacoes.models import Nomeacao
    from cotas_web.nomeacoes.services import nomeacao_registrar_desistencia

    rita, _ = _contexto()
    if not Nomeacao.objects.filter(situacao="nomeado").exists():
        nomear(avisar=False)  # preparo: alguém nomeado para desistir
    nomeacao = Nomeacao.objects.filter(situacao="nomeado").order_by("ordem").first()
    assert nomeacao is not None
    dia = _dia()
    _inicio()
    nomeacao_registrar_desistencia(usuario=rita, nomeacao=nomeacao, data=dia, motivo="desistencia")


def vagas_novas(avisar: bool = True) -> None:
    from cotas_web.nomeacoes.services import vagas_novas_ofertar

    rita, certame = _contexto()
    cargo = certame.cargos.get()
    dia = _dia()
    if avisar:
        _inicio()
    vagas_novas_ofertar(
        usuario=rita, cargo=cargo, data=dia, quantidade=1, justificativa="cargo criado por lei"
    )


def remontar() -> None:
    """O trabalhador executa a fila: a montagem da consulta pública (a tarefa que o último ato
    pôs lá; se a consulta já está atual, um ato de preparo a desatualiza)."""
    from cotas_web.auditoria.selectors import versao_do_certame
    from cotas_web.publico import situacoes
    from cotas_web.publico.models import PublicacaoSituacoes

    _, certame = _contexto()
    pub = PublicacaoSituacoes.objects.filter(certame=certame).first()
    if pub is not None and pub.geracao and pub.versao >= versao_do_certame(certame.pk):
        vagas_novas(avisar=False)
    situacoes.agendar(certame)
    _inicio()
    _executar_fila()


def _executar_fila() -> None:
    from cotas_web.tarefas import services
    from cotas_web.tarefas.models import Estado, Tarefa

    for pk in Tarefa.objects.filter(estado=Estado.NA_FILA).values_list("pk", flat=True):
        services.executar(str(pk))


UMA_VEZ = {"homologar", "ofertar_edital"}


def _consulta_atual() -> bool:
    from cotas_web.publico import situacoes

    _, certame = _contexto()
    return situacoes.para_consulta(certame).atual


ATOS = {
    f.__name__: f
    for f in (importar, homologar, ofertar_edital, nomear, desistir, vagas_novas, remontar)
}


def _retomar() -> None:
    """O servidor que sobe de novo, já passado o prazo em que a reserva da montagem e o
    batimento da tarefa do processo morto valiam (aqui, imediatamente): o que o trabalhador
    faz ao iniciar (`services.retomar`: a tarefa interrompida e a montagem desatualizada voltam
    à fila, que o ato `remontar` e a conferência final executam)."""
    from django.conf import settings

    from cotas_web.publico import situacoes
    from cotas_web.tarefas import services

    # Como em produção: a consulta não monta dentro do pedido, serve a anterior marcada.
    settings.PUBLICO_MONTAR_EM_SEGUNDO_PLANO = True
    situacoes.PRAZO_RESERVA = timedelta(0)
    services.PRAZO_BATIMENTO = timedelta(0)
    services.retomar()


def _consulta_honesta() -> bool:
    """A consulta pública nunca serve como atual uma publicação anterior ao último ato."""
    from cotas_web.auditoria.selectors import versao_do_certame
    from cotas_web.publico import situacoes

    _, certame = _contexto()
    if certame.homologado_em is None:
        return True
    servida = situacoes.para_consulta(certame)
    versao = versao_do_certame(certame.pk)
    return not servida.atual or (servida.pub is not None and servida.pub.versao >= versao)


def _verificar() -> str:
    from django.core.management import call_command
    from django.core.management.base import CommandError

    saida, erros = io.StringIO(), io.StringIO()
    try:
        call_command("verificar_auditoria", stdout=saida, stderr=erros)
    except CommandError as erro:
        return (erros.getvalue() + str(erro)).strip()
    return ""


def estado() -> dict[str, object]:
    from django.db.models import Count

    from cotas_web.auditoria.models import Registro
    from cotas_web.candidatos.models import Candidato, Importacao
    from cotas_web.certames.models import Certame
    from cotas_web.nomeacoes.models import Nomeacao, OfertaVagas
    from cotas_web.publico.models import PublicacaoSituacoes

    acoes = dict(Registro.objects.values_list("acao").annotate(n=Count("id")))
    pub = PublicacaoSituacoes.objects.first()
    return {
        "registros": acoes,
        "efeitos": {
            "importar": [Importacao.objects.count(), Candidato.objects.count()],
            "homologar": Certame.objects.filter(homologado_em__isnull=False).count(),
            "ofertar_edital": OfertaVagas.objects.filter(do_edital=True).count(),
            "nomear": Nomeacao.objects.count(),
            "desistir": Nomeacao.objects.filter(situacao="desistente").count(),
            "vagas_novas": OfertaVagas.objects.filter(do_edital=False).count(),
            "remontar": pub.versao if pub and pub.geracao else 0,
        },
    }


def main() -> None:
    django.setup()
    passo = sys.argv[1]
    if passo == "preparar":
        preparar()
        return
    consulta_antes = _consulta_honesta()  # o que o público vê logo depois da queda
    _retomar()
    relatorio = {
        "auditoria": _verificar(),
        "consulta_honesta": consulta_antes and _consulta_honesta(),
        **estado(),
    }
    if passo == "conferir":
        _executar_fila()
        relatorio["consulta_atual"] = _consulta_atual()
    print("ESTADO " + json.dumps(relatorio, ensure_ascii=False), flush=True)
    if passo == "conferir":
        return
    if passo in UMA_VEZ and relatorio["efeitos"][passo]:  # type: ignore[index]
        print("PULADO", flush=True)
        return
    _garantir(passo)
    ATOS[passo]()
    print("FEITO", flush=True)
    time.sleep(120)  # o teste mata; um ato que acabou antes do golpe conta como feito


if __name__ == "__main__":
    main()
